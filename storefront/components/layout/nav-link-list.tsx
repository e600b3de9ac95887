import { isCurrent, type NavLink } from '../nav-links.ts';

/** How a list draws its links: every link's classes, and those of the current page's link or the others. */
export interface NavLinkLook {
  list: string;
  link: string;
  current: string;
  other: string;
}

/**
 * A navigation list (the header's, the phone menu's): one link per item, the current page's marked
 * with `aria-current="page"` and its own look.
 */
export function NavLinkList({
  links,
  pathname,
  look,
  onNavigate,
}: {
  links: readonly NavLink[];
  pathname: string;
  look: NavLinkLook;
  onNavigate?: () => void;
}) {
  return (
    <ul className={look.list}>
      {links.map((link) => {
        const current = isCurrent(pathname, link.href);
        return (
          <li key={link.href}>
            <a
              href={link.href}
              onClick={onNavigate}
              aria-current={current ? 'page' : undefined}
              className={`${look.link} ${current ? look.current : look.other}`}
            >
              {link.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
