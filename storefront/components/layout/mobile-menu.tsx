import { Drawer } from '../drawer.tsx';
import { MOBILE_MENU_LINKS } from '../nav-links.ts';
import { NavLinkList, type NavLinkLook } from './nav-link-list.tsx';
import { tellHeadlessUiWhereFocusIs } from '../../lib/dialog-focus.ts';
import { SHIPPING_WORDS } from '../../../contracts/shipping-words.ts';

// Loaded on the first open, after the click or keypress that asked for it (see lib/dialog-focus.ts).
tellHeadlessUiWhereFocusIs();

const MENU_LOOK: NavLinkLook = {
  list: 'space-y-1',
  link: 'block rounded-xl px-4 py-3 text-base font-semibold',
  current: 'bg-brand-100 text-brand-800',
  other: 'text-ink-800 hover:bg-brand-50',
};

/** The phone menu, a drawer from the left, loaded by the header on its first open. */
export default function MobileMenu({
  open,
  onClose,
  pathname,
}: {
  open: boolean;
  onClose: () => void;
  pathname: string;
}) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      side="left"
      title="Menu"
      closeLabel="Close menu"
      maxWidth="max-w-xs"
      className="md:hidden"
    >
      <nav aria-label="Mobile" className="px-2 py-4">
        <NavLinkList links={MOBILE_MENU_LINKS} pathname={pathname} look={MENU_LOOK} onNavigate={onClose} />
      </nav>
      <div className="mt-auto border-t border-ink-200 p-4 text-sm text-ink-600">
        <p>{SHIPPING_WORDS.eitherWay}</p>
      </div>
    </Drawer>
  );
}
