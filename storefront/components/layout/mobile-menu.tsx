import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { CloseIcon } from '../icons.tsx';
import { isCurrent, MOBILE_MENU_LINKS } from '../nav-links.ts';
import { tellHeadlessUiWhereFocusIs } from '../../lib/dialog-focus.ts';

// Loaded on the first open, after the click or keypress that asked for it (see lib/dialog-focus.ts).
tellHeadlessUiWhereFocusIs();

/**
 * The phone menu (a Headless UI Dialog sliding in from the left), loaded by the header on its first
 * open. On that first mount it opens one frame late, so it slides in as it does every later time.
 */
export default function MobileMenu({ open, onClose, pathname }: { open: boolean; onClose: () => void; pathname: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const shown = ready && open;
  return (
    <Dialog open={shown} onClose={onClose} className="relative z-50 md:hidden">
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
              onClick={onClose}
              aria-label="Close menu"
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-50"
            >
              <CloseIcon className="size-6" />
            </button>
          </div>
          <nav aria-label="Mobile" className="px-2 py-4">
            <ul className="space-y-1">
              {MOBILE_MENU_LINKS.map((link) => {
                const current = isCurrent(pathname, link.href);
                return (
                  <li key={link.href}>
                    <a
                      href={link.href}
                      onClick={onClose}
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
  );
}
