import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { CartButton } from '../../features/cart/cart-button.tsx';
import { CloseIcon, MenuIcon, SearchIcon } from '../icons.tsx';
import { HEADER_LINKS, MOBILE_MENU_LINKS } from '../nav-links.ts';
import { Logo } from './logo.tsx';

function isCurrent(pathname: string, href: string) {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

export function SiteHeader() {
  const { urlPathname } = usePageContext();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-b border-ink-200/70 bg-cream/90 backdrop-blur supports-[backdrop-filter]:bg-cream/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-label="Open menu"
          className="-ml-2 inline-flex size-11 items-center justify-center rounded-full text-ink-900 hover:bg-brand-50 md:hidden"
        >
          <MenuIcon className="size-6" />
        </button>

        <Logo />

        <nav aria-label="Main" className="ml-8 hidden md:block">
          <ul className="flex items-center gap-1">
            {HEADER_LINKS.map((link) => {
              const current = isCurrent(urlPathname, link.href);
              return (
                <li key={link.href}>
                  <a
                    href={link.href}
                    aria-current={current ? 'page' : undefined}
                    className={`rounded-full px-4 py-2 text-sm font-semibold transition-colors ${
                      current ? 'bg-brand-100 text-brand-800' : 'text-ink-700 hover:bg-brand-50 hover:text-brand-800'
                    }`}
                  >
                    {link.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1">
          <a
            href="/shop"
            aria-label="Search products"
            className="inline-flex size-11 items-center justify-center rounded-full text-ink-900 hover:bg-brand-50"
          >
            <SearchIcon className="size-6" />
          </a>
          <CartButton />
        </div>
      </div>

      <Dialog open={menuOpen} onClose={setMenuOpen} className="relative z-50 md:hidden">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-ink-900/50 transition-opacity duration-300 ease-out data-closed:opacity-0"
        />
        <div className="fixed inset-0 flex">
          <DialogPanel
            transition
            className="flex w-full max-w-xs flex-col overflow-y-auto bg-cream shadow-2xl transition duration-300 ease-out data-closed:-translate-x-full"
          >
            <div className="flex items-center justify-between border-b border-ink-200 px-4 py-3">
              <DialogTitle className="font-display text-lg font-extrabold text-ink-900">Menu</DialogTitle>
              <button
                type="button"
                onClick={() => setMenuOpen(false)}
                aria-label="Close menu"
                className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-50"
              >
                <CloseIcon className="size-6" />
              </button>
            </div>
            <nav aria-label="Mobile" className="px-2 py-4">
              <ul className="space-y-1">
                {MOBILE_MENU_LINKS.map((link) => {
                  const current = isCurrent(urlPathname, link.href);
                  return (
                    <li key={link.href}>
                      <a
                        href={link.href}
                        onClick={() => setMenuOpen(false)}
                        aria-current={current ? 'page' : undefined}
                        className={`block rounded-xl px-4 py-3 text-base font-semibold ${
                          current ? 'bg-brand-100 text-brand-800' : 'text-ink-800 hover:bg-brand-50'
                        }`}
                      >
                        {link.label}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </nav>
            <div className="mt-auto border-t border-ink-200 p-4 text-sm text-ink-600">
              <p>Free shipping over $50 with code DINOBOOTY.</p>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </header>
  );
}
