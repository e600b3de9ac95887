import { FOOTER_COLUMNS } from '../nav-links.ts';

export function SiteFooter() {
  return (
    <footer id="site-footer" className="mt-auto bg-brand-950 text-brand-50" data-focus-dark>
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-14 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="col-span-2 lg:col-span-1">
          <p className="font-display text-2xl font-black text-white">
            Dino<span className="text-accent-300">Booty</span>
          </p>
          <p className="mt-3 max-w-xs text-sm leading-6 text-brand-100">
            Sexy, silly underwear for cartoon dinosaurs. Made with love, lace and a little bit of roar since the
            Cretaceous (well, 2023).
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-bold uppercase tracking-wider text-white">{column.title}</h2>
            <ul className="mt-4 space-y-2.5">
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="text-sm text-brand-100 hover:text-white hover:underline">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-brand-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-xs text-brand-100 sm:px-6 lg:px-8">
          © 2023 DinoBooty. All rights reserved. No actual dinosaurs were harmed in the making of this underwear.
        </p>
      </div>
    </footer>
  );
}
