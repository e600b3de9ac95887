/** Shared class strings, so every button and link-as-button looks the same. */
export const btn = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-full bg-brand-700 px-6 py-3 text-sm font-bold text-white shadow-sm transition hover:bg-brand-800 active:scale-[0.98] disabled:cursor-not-allowed disabled:bg-ink-300 disabled:text-ink-700 disabled:shadow-none',
  accent:
    'inline-flex items-center justify-center gap-2 rounded-full bg-accent-600 px-6 py-3 text-sm font-bold text-white shadow-sm transition hover:bg-accent-700 active:scale-[0.98] disabled:cursor-not-allowed disabled:bg-ink-300 disabled:text-ink-700 disabled:shadow-none',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-full border-2 border-ink-900 bg-white px-6 py-2.5 text-sm font-bold text-ink-900 transition hover:bg-ink-900 hover:text-white active:scale-[0.98] disabled:cursor-not-allowed disabled:border-ink-300 disabled:text-ink-500',
  ghost:
    'inline-flex items-center justify-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-brand-800 transition hover:bg-brand-50',
  small:
    'inline-flex items-center justify-center gap-1.5 rounded-full bg-ink-900 px-4 py-2 text-sm font-bold text-white transition hover:bg-brand-800 active:scale-[0.98] disabled:cursor-not-allowed disabled:bg-ink-300 disabled:text-ink-700',
} as const;

export const container = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8';
