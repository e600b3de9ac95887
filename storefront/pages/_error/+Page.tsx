import { usePageContext } from 'vike-react/usePageContext';
import { isProductNotFound } from '../../lib/abort-reasons.ts';

export default function ErrorPage() {
  const { is404, abortReason } = usePageContext();

  if (isProductNotFound(abortReason)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-24 text-center">
        <img src="/images/mascots/raptor.svg" alt="" width={160} height={160} className="mx-auto size-40" />
        <h1 className="mt-6 font-display text-2xl font-extrabold text-ink-900">Failed to load product. Please try again later.</h1>
        <p className="mt-3 text-ink-600">This dino-drawer seems to be empty. The product may have gone extinct.</p>
        <a
          href="/shop"
          className="mt-8 inline-flex items-center rounded-full bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800"
        >
          Back to Shop
        </a>
      </div>
    );
  }

  if (is404) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-24 text-center">
        <p className="font-display text-8xl font-black text-brand-200" aria-hidden="true">
          404
        </p>
        <img src="/images/mascots/trex.svg" alt="" width={160} height={160} className="mx-auto -mt-6 size-40" />
        <h1 className="mt-6 font-display text-3xl font-extrabold text-ink-900">404 Page Not Found</h1>
        <p className="mt-3 text-ink-600">Did you forget to add the page to the router?</p>
        <a
          href="/"
          className="mt-8 inline-flex items-center rounded-full bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800"
        >
          Back to Home
        </a>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-extrabold text-ink-900">Something went wrong</h1>
      <p className="mt-3 text-ink-600">Our dinosaurs tripped over their tails. Please try again in a moment.</p>
      <a
        href="/"
        className="mt-8 inline-flex items-center rounded-full bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800"
      >
        Back to Home
      </a>
    </div>
  );
}
