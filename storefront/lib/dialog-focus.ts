/**
 * Headless UI's Dialog gives focus back, on close, to the element that was last clicked or focused
 * before it opened: it learns that from click, mousedown and focus listeners it installs when its code
 * loads. The shop loads that code on a dialog's first open, after the opening click or
 * keypress, so the dialog modules call tellHeadlessUiWhereFocusIs() when they load: it replays a focus
 * event on the button that opened the dialog (noted by the button itself, since a tap on iOS does not
 * focus it) or else on the focused element, and Headless UI records it. The event moves no focus, and
 * React's onFocus (which listens to focusin) does not see it.
 */
let opener: HTMLElement | null = null;

/** Called by a button that opens a dialog, with itself. */
export function noteDialogOpener(element: HTMLElement): void {
  opener = element;
}

export function tellHeadlessUiWhereFocusIs(): void {
  if (typeof document === 'undefined') return;
  const active = document.activeElement;
  const target = opener?.isConnected
    ? opener
    : active instanceof HTMLElement && active !== document.body
      ? active
      : null;
  target?.dispatchEvent(new FocusEvent('focus'));
}
