export function Logo({ className = '' }: { className?: string }) {
  return (
    <a href="/" className={`inline-flex items-center gap-2 rounded-lg ${className}`}>
      <img src="/images/logo.svg" alt="" width={40} height={40} className="size-10" />
      <span className="font-display text-xl font-black tracking-tight text-ink-900">
        Dino<span className="text-accent-600">Booty</span>
      </span>
    </a>
  );
}
