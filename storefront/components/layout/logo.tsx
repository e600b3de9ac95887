/**
 * The wordmark's box is a little wider than the word in either face, so the swap from the fallback to
 * Fredoka (whose letters are not each as wide as the fallback's) does not move the navigation beside it.
 */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <a href="/" className={`inline-flex items-center gap-2 rounded-lg ${className}`}>
      <img src="/images/logo.svg" alt="" width={40} height={40} className="size-10" />
      <span className="inline-block w-[4.6em] whitespace-nowrap font-display text-xl font-black tracking-tight text-ink-900">
        Dino<span className="text-accent-600">Booty</span>
      </span>
    </a>
  );
}
