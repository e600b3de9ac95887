/**
 * A ref for the heading of a result that replaces a form in place (a message sent, an order found):
 * focus moves to it as it appears, so keyboard and screen-reader users land on the outcome instead of
 * on the page's body, where the gone form's button leaves them. The element needs tabIndex={-1}. One
 * function for every render, so React calls it only when the element is attached.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
