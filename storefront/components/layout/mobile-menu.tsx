import { Drawer } from '../drawer.tsx';
import { isCurrent, MOBILE_MENU_LINKS } from '../nav-links.ts';
import { tellHeadlessUiWhereFocusIs } from '../../lib/dialog-focus.ts';

// Loaded on the first open, after the click or keypress that asked for it (see lib/dialog-focus.ts).
tellHeadlessUiWhereFocusIs();

/** The phone menu, a drawer from the left, loaded by the header on its first open. */
export default function MobileMenu({ open, onClose, pathname }: { open: boolean; onClose: () => void; pathname: string }) {
  return (
    <Drawer open={open} onClose={onClose} side="left" title="Menu" closeLabel="Close menu" maxWidth="max-w-xs" className="md:hidden">
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
    </Drawer>
  );
}
