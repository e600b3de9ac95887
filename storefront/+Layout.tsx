import './styles.css';
import { lazy, Suspense, type ReactNode } from 'react';
import { FlashNotice } from './components/layout/flash-notice.tsx';
import { PromoBanner } from './components/layout/promo-banner.tsx';
import { SiteFooter } from './components/layout/site-footer.tsx';
import { SiteHeader } from './components/layout/site-header.tsx';
import { CartButton } from './features/cart/cart-button.tsx';
import { HeaderSearch } from './features/search/header-search.tsx';
import { ToastAnnouncer } from './features/toast/toast-announcer.tsx';
import { useHydrated } from './lib/hydrated.ts';

const Overlays = lazy(() => import('./components/layout/overlays.tsx'));

const headerSearch = (placement: 'inline' | 'phone') =>
  placement === 'inline' ? (
    <HeaderSearch className="mr-1 hidden md:block" />
  ) : (
    <HeaderSearch fieldClassName="w-full" autoFocus />
  );

export default function Layout({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-full bg-ink-900 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      <PromoBanner />
      <SiteHeader search={headerSearch} cartButton={<CartButton />} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <FlashNotice />
        {children}
      </main>
      <SiteFooter />
      <ToastAnnouncer />
      {hydrated && (
        <Suspense fallback={null}>
          <Overlays />
        </Suspense>
      )}
    </div>
  );
}
