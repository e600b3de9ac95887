import type { ReactNode } from 'react';
import { MascotPeek } from './mascot-peek.tsx';

/** The coloured band at the top of informational pages. */
export function PageHero({
  title,
  eyebrow,
  children,
  mascot = 'trex',
}: {
  title: string;
  eyebrow?: string;
  children?: ReactNode;
  mascot?: 'trex' | 'stego' | 'raptor';
}) {
  return (
    <div className="relative overflow-hidden bg-gradient-to-br from-brand-100 via-cream to-accent-100">
      <div className="mx-auto flex max-w-7xl items-center gap-6 px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <div className="max-w-2xl sm:pr-48">
          {eyebrow && <p className="text-sm font-bold uppercase tracking-widest text-accent-700">{eyebrow}</p>}
          <h1 className="mt-2 font-display text-4xl font-black tracking-tight text-ink-900 sm:text-5xl">{title}</h1>
          {children && <div className="mt-4 text-lg leading-8 text-ink-700">{children}</div>}
        </div>
        <div className="absolute bottom-0 right-6 hidden sm:block lg:right-16">
          <MascotPeek mascot={mascot} className="lg:size-52" />
        </div>
      </div>
    </div>
  );
}
