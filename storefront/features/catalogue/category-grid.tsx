import type { Category } from '../../../contracts/catalogue.ts';
import { categoryPath } from '../../../contracts/shop-paths.ts';

/** 'Shop by Species': every category, linking to /category/{slug}. */
export function CategoryGrid({ categories }: { categories: readonly Category[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-4">
      {categories.map((category) => (
        <li key={category.id}>
          <a
            href={categoryPath(category.slug)}
            className="group relative flex aspect-[4/5] flex-col overflow-hidden rounded-3xl bg-gradient-to-b from-brand-50 to-brand-100 p-4 ring-1 ring-brand-200 transition duration-300 hover:-translate-y-1 hover:shadow-xl"
          >
            <img
              src={category.imageUrl}
              alt=""
              width={320}
              height={320}
              loading="lazy"
              className="mx-auto min-h-0 w-full flex-1 object-contain transition duration-500 group-hover:scale-110 group-hover:rotate-2"
            />
            {/* The picture gives way (min-h-0) when a name takes two lines, so nothing is cut off below it. */}
            <span className="mt-2 text-center font-display text-lg font-extrabold leading-tight text-ink-900 sm:text-xl">
              {category.name}
            </span>
            <span className="text-center text-xs font-semibold text-brand-800">
              Shop now <span aria-hidden="true">→</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
