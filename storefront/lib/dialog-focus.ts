/**
 * Headless UI's Dialog gives focus back, on close, to the element that had it before the dialog
 * opened: it learns that element from focus and click listeners it installs when its code loads. The
 * shop loads that code on a dialog's first open (issue 6), so the opening click or focus happened
 * before the listeners existed. The dialog modules call this when they load: it replays a focus event
 * for the element that has focus now (the button that opened the dialog), so Headless UI records it.
 * The event does not move focus, and React's onFocus (which listens to focusin) does not see it.
 */
export function tellHeadlessUiWhereFocusIs(): void {
  if (typeof document === 'undefined') return;
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) active.dispatchEvent(new FocusEvent('focus'));
}
