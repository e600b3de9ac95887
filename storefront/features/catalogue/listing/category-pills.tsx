import type { Category } from '../../../../contracts/catalogue.ts';
import { SHOP_PATH, categoryPath } from '../../../../contracts/shop-paths.ts';

/** 'All Products' and one link per category; the page's own is marked current. */
export function CategoryPills({
  categories,
  currentSlug,
}: {
  categories: readonly Category[];
  currentSlug: string | undefined;
}) {
  return (
    <nav aria-label="Categories" className="-mx-4 mt-5 overflow-x-auto px-4 pb-2">
      <ul className="flex gap-2">
        <li>
          <Pill href={SHOP_PATH} current={currentSlug === undefined} label="All Products" />
        </li>
        {categories.map((c) => (
          <li key={c.id}>
            <Pill href={categoryPath(c.slug)} current={c.slug === currentSlug} label={c.name} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Pill({ href, current, label }: { href: string; current: boolean; label: string }) {
  return (
    <a
      href={href}
      aria-current={current ? 'page' : undefined}
      className={`inline-flex whitespace-nowrap rounded-full px-4 py-2 text-sm font-bold transition ${
        current
          ? 'bg-ink-900 text-white'
          : 'bg-white text-ink-800 ring-1 ring-ink-200 hover:bg-brand-50 hover:ring-brand-300'
      }`}
    >
      {label}
    </a>
  );
}
