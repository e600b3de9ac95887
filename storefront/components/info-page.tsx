import type { ReactNode } from 'react';
import { PageHero } from './page-hero.tsx';

/** Layout of the static informational pages: a hero band, then readable prose. */
export function InfoPage({
  title,
  eyebrow,
  intro,
  mascot,
  children,
  wide = false,
}: {
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  mascot?: 'trex' | 'stego' | 'raptor';
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <>
      <PageHero title={title} eyebrow={eyebrow} mascot={mascot}>
        {intro}
      </PageHero>
      <div className={`mx-auto w-full px-4 py-12 sm:px-6 lg:px-8 ${wide ? 'max-w-7xl' : 'max-w-3xl'}`}>{children}</div>
    </>
  );
}
