/**
 * PLACEHOLDER (Storefront I) — the Storefront II engineer replaces this file with the real cart button
 * (opens the cart drawer; item-count badge only when the count is above 0). The header renders
 * `<CartButton />` with no props. It must carry no per-shopper content in server HTML.
 */
export function CartButton() {
  return (
    <button
      type="button"
      aria-label="Open cart"
      className="relative inline-flex size-11 items-center justify-center rounded-full text-ink-900 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="size-6">
        <path strokeLinecap="round" strokeLinejoin="round" d="M6 7h12l-1 13H7L6 7Zm3 0V6a3 3 0 0 1 6 0v1" />
      </svg>
    </button>
  );
}
