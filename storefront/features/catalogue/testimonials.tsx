import type { Testimonial } from '../../../contracts/catalogue.ts';
import { Stars } from '../../components/stars.tsx';

/** 'Happy Dinosaur Booties': 3-column grid of reviews with full and half stars. */
export function Testimonials({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {testimonials.map((t) => (
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
