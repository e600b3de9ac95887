/**
 * The mascot art is drawn "popping up" (cut flat at the bottom and the left), so outside product cards
 * it peeks out of a dome-shaped window whose edges hide the cuts.
 */
export function MascotPeek({
  mascot,
  size = 'md',
  className = '',
  loading,
}: {
  mascot: 'trex' | 'stego' | 'raptor';
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
  /** `lazy` below the fold. */
  loading?: 'lazy';
}) {
  const box = { sm: 'size-28', md: 'size-40', lg: 'size-56', xl: 'size-64 sm:size-80' }[size];
  return (
    <div
      aria-hidden="true"
      className={`relative overflow-hidden rounded-t-full border-b-4 border-brand-300 bg-gradient-to-b from-white to-brand-100 ${box} ${className}`}
    >
      <img
        src={`/images/mascots/${mascot}.svg`}
        alt=""
        width={224}
        height={224}
        loading={loading}
        className="absolute inset-x-0 bottom-0 size-full"
      />
    </div>
  );
}
