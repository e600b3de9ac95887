export function PromoBanner() {
  return (
    <aside aria-label="Promotion" className="bg-ink-900 px-4 py-2 text-center text-xs font-semibold tracking-wide text-white sm:text-sm">
      <p>
        Free shipping on orders over $50 <span aria-hidden="true">·</span> Use code{' '}
        <strong className="rounded bg-sun-300 px-1.5 py-0.5 font-mono text-ink-900">DINOBOOTY</strong> at checkout
      </p>
    </aside>
  );
}
