import type { RefObject } from 'react';
import { btn } from '../../components/ui.ts';
import { SHOP_PATH } from '../../../contracts/shop-paths.ts';

/** 'Your Cart is Empty', with a way back to the shop. */
export function EmptyCart({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  return (
    <div className="mx-auto mt-10 flex max-w-xl flex-col items-center rounded-[2rem] bg-white px-6 py-14 text-center shadow-sm ring-1 ring-ink-200 sm:mt-14">
      <img
        src="/images/categories/new-arrivals.svg"
        alt=""
        width={176}
        height={176}
        className="size-40 rounded-3xl shadow-sm ring-1 ring-ink-200 sm:size-44"
      />
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-6 font-display text-3xl font-black text-ink-900 focus:outline-none sm:text-4xl"
      >
        Your Cart is Empty
      </h1>
      <p className="mt-3 max-w-sm text-ink-600">
        Even a T-Rex with tiny arms can reach the shop. Go find something cheeky for that magnificent tail.
      </p>
      <a href={SHOP_PATH} className={`${btn.primary} mt-8 px-8`}>
        Shop Now
      </a>
    </div>
  );
}

/** The cart could not be loaded: say so, and offer a retry. */
export function CartLoadError({
  headingRef,
  retry,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  retry: () => void;
}) {
  return (
    <div className="mx-auto mt-10 max-w-xl rounded-[2rem] bg-accent-50 px-6 py-12 text-center ring-1 ring-accent-200">
      <h1 ref={headingRef} tabIndex={-1} className="font-display text-3xl font-black text-ink-900 focus:outline-none">
        Your Cart
      </h1>
      <p role="alert" className="mt-3 font-semibold text-accent-800">
        There was a problem loading your cart. Please try refreshing the page.
      </p>
      <button type="button" onClick={retry} className={`${btn.secondary} mt-6`}>
        Try again
      </button>
    </div>
  );
}

/** Placeholders in the shape of the lines and the summary while the cart loads. */
export function CartSkeleton() {
  return (
    <div className="mt-6" aria-busy="true" aria-label="Loading your cart">
      <div className="skeleton h-10 w-56 rounded-xl" />
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-12">
        <div className="space-y-4 rounded-3xl bg-white p-6 ring-1 ring-ink-200 lg:col-span-8">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex gap-4">
              <div className="skeleton size-20 rounded-2xl" />
              <div className="flex-1 space-y-2 pt-1">
                <div className="skeleton h-4 w-2/3 rounded" />
                <div className="skeleton h-3 w-1/3 rounded" />
              </div>
            </div>
          ))}
        </div>
        <div className="skeleton h-80 rounded-3xl lg:col-span-4" />
      </div>
    </div>
  );
}
