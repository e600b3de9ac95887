export interface Crumb {
  label: string;
  href?: string;
}

export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1.5 text-ink-600">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${item.label}-${index}`} className="flex items-center gap-1.5">
              {item.href && !last ? (
                <a href={item.href} className="rounded font-medium hover:text-brand-800 hover:underline">
                  {item.label}
                </a>
              ) : (
                <span aria-current={last ? 'page' : undefined} className="font-semibold text-ink-900">
                  {item.label}
                </span>
              )}
              {!last && (
                <span aria-hidden="true" className="text-ink-300">
                  /
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
