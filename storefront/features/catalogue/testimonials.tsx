import { useCatalogueQuery } from './catalogue-cache.tsx';
import { Stars } from '../../components/stars.tsx';
import { testimonialsQuery } from './catalogue.queries.ts';

/** 'Happy Dinosaur Booties': 3-column grid of reviews with full and half stars. */
export function Testimonials() {
  const { data: testimonials, isPending, isError } = useCatalogueQuery(testimonialsQuery());

  if (isError) {
    return (
      <p role="alert" className="rounded-2xl bg-accent-50 p-6 text-center font-semibold text-accent-800">
        Failed to load testimonials. Please try again later.
      </p>
    );
  }

  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {isPending
        ? Array.from({ length: 3 }, (_, i) => (
            <li key={i} aria-hidden="true" data-testid="testimonial-skeleton" className="rounded-3xl bg-white p-6 ring-1 ring-ink-200">
              <div className="flex items-center gap-3">
                <div className="skeleton size-14 rounded-full" />
                <div className="flex-1 space-y-2">
                  <div className="skeleton h-4 w-1/2 rounded" />
                  <div className="skeleton h-3 w-1/3 rounded" />
                </div>
              </div>
              <div className="skeleton mt-5 h-16 rounded" />
            </li>
          ))
        : testimonials.map((t) => (
            <li key={t.id}>
              <figure className="flex h-full flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-ink-200">
                <Stars rating={t.rating} idPrefix={`testimonial-${t.id}`} />
                <blockquote className="mt-4 flex-1 text-ink-700">
                  <p>“{t.comment}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <img
                    src={t.imageUrl}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    className="size-14 rounded-full bg-brand-50 ring-2 ring-brand-200"
                  />
                  <div>
                    <p className="font-bold text-ink-900">{t.name}</p>
                    <p className="text-sm text-ink-600">
                      {t.species} · Age {t.age}
                    </p>
                  </div>
                </figcaption>
              </figure>
            </li>
          ))}
    </ul>
  );
}
