import { usePageContext } from 'vike-react/usePageContext';
import { MascotPeek } from '../../components/mascot-peek.tsx';
import { ProductLoadError } from '../../features/catalogue/product-detail/product-detail.tsx';
import { isProductNotFound } from '../../lib/abort-reasons.ts';

export default function ErrorPage() {
  const { is404, abortReason } = usePageContext();

  if (isProductNotFound(abortReason)) return <ProductLoadError />;

  if (is404) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-24 text-center">
        <p className="font-display text-8xl font-black text-brand-600" aria-hidden="true">
          404
        </p>
        <MascotPeek mascot="trex" className="mx-auto -mt-4" />
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
