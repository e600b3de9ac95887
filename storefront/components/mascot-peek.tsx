/**
 * The mascot art is drawn "popping up" (cut flat at the bottom), so outside product cards it peeks out
 * of a dome-shaped window whose bottom edge hides the cut.
 */
export function MascotPeek({
  mascot,
  size = 'md',
  className = '',
}: {
  mascot: 'trex' | 'stego' | 'raptor';
  size?: 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}) {
  const box = { sm: 'size-28', md: 'size-40', lg: 'size-56', xl: 'size-64 sm:size-80' }[size];
  return (
    <div
      aria-hidden="true"
      className={`relative overflow-hidden rounded-t-full border-b-4 border-brand-300 bg-gradient-to-b from-white to-brand-100 ${box} ${className}`}
    >
      <img src={`/images/mascots/${mascot}.svg`} alt="" width={224} height={224} className="absolute inset-x-0 bottom-0 size-full" />
    </div>
  );
}
