/** Full and half stars for a (possibly fractional) rating out of 5. */
export function starParts(rating: number): { full: number; half: boolean; empty: number } {
  const clamped = Math.max(0, Math.min(5, rating));
  const rounded = Math.round(clamped * 2) / 2;
  const full = Math.floor(rounded);
  const half = rounded - full === 0.5;
  return { full, half, empty: 5 - full - (half ? 1 : 0) };
}

const STAR_PATH = 'M12 2.5l2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17l-5.9 3.3 1.3-6.5L2.5 9.3l6.6-.8L12 2.5Z';

function Star({ kind, id }: { kind: 'full' | 'half' | 'empty'; id: string }) {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" data-star={kind}>
      {kind === 'half' && (
        <defs>
          <linearGradient id={id}>
            <stop offset="50%" stopColor="var(--color-sun-400)" />
            <stop offset="50%" stopColor="var(--color-ink-200)" />
          </linearGradient>
        </defs>
      )}
      <path
        d={STAR_PATH}
        fill={kind === 'full' ? 'var(--color-sun-400)' : kind === 'half' ? `url(#${id})` : 'var(--color-ink-200)'}
      />
    </svg>
  );
}

export function Stars({ rating, idPrefix }: { rating: number; idPrefix: string }) {
  const { full, half, empty } = starParts(rating);
  return (
    <div className="flex items-center gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: full }, (_, i) => (
        <Star key={`f${i}`} kind="full" id="" />
      ))}
      {half && <Star kind="half" id={`${idPrefix}-half`} />}
      {Array.from({ length: empty }, (_, i) => (
        <Star key={`e${i}`} kind="empty" id="" />
      ))}
    </div>
  );
}
