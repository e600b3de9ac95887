import { lazy, type ReactNode, Suspense, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { noteDialogOpener } from '../../lib/dialog-focus.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { MenuIcon, SearchIcon } from '../icons.tsx';
import { HEADER_LINKS } from '../nav-links.ts';
import { NavLinkList, type NavLinkLook } from './nav-link-list.tsx';
import { Logo } from './logo.tsx';
import { SHOP_PATH } from '../../../contracts/shop-paths.ts';

/** The phone menu's drawer (Headless UI Dialog) loads on its first open, or when the button is near. */
const loadMobileMenu = () => import('./mobile-menu.tsx');
const MobileMenu = lazy(loadMobileMenu);

export interface SiteHeaderProps {
  /** The search form: inline on wide screens, under the bar when a phone opens it (the layout wires the feature). */
  search: (placement: 'inline' | 'phone') => ReactNode;
  cartButton: ReactNode;
}

const HEADER_LOOK: NavLinkLook = {
  list: 'flex items-center gap-1',
  link: 'whitespace-nowrap rounded-full px-3 py-2 text-sm font-semibold transition-colors lg:px-4',
  current: 'bg-brand-100 text-brand-800',
  other: 'text-ink-700 hover:bg-brand-50 hover:text-brand-800',
};

export function SiteHeader({ search, cartButton }: SiteHeaderProps) {
  const { urlPathname } = usePageContext();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const [phoneSearch, setPhoneSearch] = useState(false);
  const hydrated = useHydrated();
  const menuLook =
    '-ml-2 inline-flex size-11 items-center justify-center rounded-full text-ink-900 hover:bg-brand-50 md:hidden';

  return (
    <header className="sticky top-0 z-40 border-b border-ink-200/70 bg-cream/90 backdrop-blur supports-[backdrop-filter]:bg-cream/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        {hydrated ? (
          <button
            type="button"
            onClick={(event) => {
              noteDialogOpener(event.currentTarget);
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
            onPointerEnter={() => void loadMobileMenu()}
            onFocus={() => void loadMobileMenu()}
            aria-label="Open menu"
            className={menuLook}
          >
            <MenuIcon className="size-6" />
          </button>
        ) : (
          // Without JavaScript the menu is the footer's links, one jump away.
          <a href="#site-footer" aria-label="Menu" className={menuLook}>
            <MenuIcon className="size-6" />
          </a>
        )}

        <Logo />

        <nav aria-label="Main" className="ml-4 hidden md:block lg:ml-8">
          <NavLinkList links={HEADER_LINKS} pathname={urlPathname} look={HEADER_LOOK} />
        </nav>

        <div className="ml-auto flex items-center gap-1">
          {search('inline')}
          {/* A link to the listing (which has its own search); on a phone with JavaScript it opens the
              header search under the bar instead, where the desktop shows it inline. */}
          <a
            href={SHOP_PATH}
            aria-label="Search products"
            aria-expanded={hydrated ? phoneSearch : undefined}
            aria-controls={phoneSearch ? 'phone-search' : undefined}
            onClick={(event) => {
              if (!window.matchMedia('(max-width: 47.99rem)').matches) return;
              event.preventDefault();
              setPhoneSearch((open) => !open);
            }}
            className="inline-flex size-11 items-center justify-center rounded-full text-ink-900 hover:bg-brand-50"
          >
            <SearchIcon className="size-6" />
          </a>
          {cartButton}
        </div>
      </div>

      {phoneSearch && (
        <div id="phone-search" className="border-t border-ink-200/70 px-4 py-2 md:hidden">
          {search('phone')}
        </div>
      )}

      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} pathname={urlPathname} />
        </Suspense>
      )}
    </header>
  );
}
