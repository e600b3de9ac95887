import { COLLECTIONS_PATH, SHOP_PATH, categoryPath } from '../../contracts/shop-paths.ts';

/** Site navigation, shared by the header, the mobile menu and the footer. */
export interface NavLink {
  href: string;
  label: string;
}

export const HEADER_LINKS: NavLink[] = [
  { href: SHOP_PATH, label: 'Shop All' },
  { href: '/size-guide', label: 'Size Guide' },
  { href: '/faq', label: 'FAQ' },
];

export const MOBILE_MENU_LINKS: NavLink[] = [
  { href: '/', label: 'Home' },
  { href: SHOP_PATH, label: 'Shop All' },
  { href: categoryPath('new-arrivals'), label: 'New Arrivals' },
  { href: categoryPath('bestsellers'), label: 'Bestsellers' },
  { href: '/sale', label: 'Sale' },
  { href: '/size-guide', label: 'Size Guide' },
  { href: '/faq', label: 'FAQ' },
  { href: '/track-order', label: 'Track Order' },
  { href: '/contact', label: 'Contact Us' },
];

export const FOOTER_COLUMNS: Array<{ title: string; links: NavLink[] }> = [
  {
    title: 'Shop',
    links: [
      { href: SHOP_PATH, label: 'All Products' },
      { href: categoryPath('new-arrivals'), label: 'New Arrivals' },
      { href: categoryPath('bestsellers'), label: 'Bestsellers' },
      { href: COLLECTIONS_PATH, label: 'Collections' },
      { href: '/sale', label: 'Sale' },
    ],
  },
  {
    title: 'Customer Care',
    links: [
      { href: '/contact', label: 'Contact Us' },
      { href: '/shipping-returns', label: 'Shipping & Returns' },
      { href: '/size-guide', label: 'Size Guide' },
      { href: '/faq', label: 'FAQ' },
      { href: '/track-order', label: 'Track Order' },
    ],
  },
  {
    title: 'About Us',
    links: [
      { href: '/our-story', label: 'Our Story' },
      { href: '/dinosaur-models', label: 'Dinosaur Models' },
      { href: '/sustainability', label: 'Sustainability' },
      { href: '/careers', label: 'Careers' },
      { href: '/privacy-policy', label: 'Privacy Policy' },
    ],
  },
];

/** Whether a link is the current page's (or a section that contains it). */
export function isCurrent(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}
