import { isValidElement, type ReactNode } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * The shop's toasts, as the features call them: `toast()`, `toast.success()`, `toast.error()`. Sonner
 * and the toaster load on the first toast (they are not first-load JS): a toast asked for earlier
 * waits until the toaster has mounted, then shows.
 */
type Sonner = typeof sonnerToast;
type Title = Parameters<Sonner>[0];

let mounted: Sonner | undefined;
const waiting: Array<(toast: Sonner) => void> = [];

/** The toaster calls this once it is mounted and listening. */
export function toasterMounted(toast: Sonner): void {
  mounted = toast;
  for (const show of waiting.splice(0)) show(toast);
}

/**
 * The polite live region every page renders on the server (toast-announcer.tsx). Screen readers announce a
 * change to a live region that was already in the page; sonner's own region is created together with the
 * first toast (it loads on first use), so that toast would go unheard. Every toast is read from here.
 */
export const ANNOUNCER_ID = 'toast-announcer';
const ANNOUNCE_FOR_MS = 5000;
let clearAnnouncement: ReturnType<typeof setTimeout> | undefined;

function announce(title: Title, data: ExternalToast | undefined): void {
  const region = typeof document === 'undefined' ? null : document.getElementById(ANNOUNCER_ID);
  if (!region) return;
  const text = [textOf(title as ReactNode), textOf(data?.description as ReactNode)].filter(Boolean).join('. ');
  clearTimeout(clearAnnouncement);
  region.textContent = text;
  // Cleared with the toast, so a screen reader's later browse does not find a stale message.
  clearAnnouncement = setTimeout(() => (region.textContent = ''), ANNOUNCE_FOR_MS);
}

/** The words of a toast's title or description (a string, or elements around strings). */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

function show(fn: (toast: Sonner) => void): void {
  if (mounted) {
    fn(mounted);
    return;
  }
  waiting.push(fn);
  // The first toast asks the layout's overlays to mount the real toaster.
  void import('../../lib/ui-state.ts').then((ui) => ui.wantToaster());
}

/** Starts loading the toaster's code (e.g. when a change that will end in a toast begins). */
export function preloadToaster(): void {
  void import('./toaster.tsx');
}

export const toast = Object.assign(
  (title: Title, data?: ExternalToast) => (announce(title, data), show((t) => void t(title, data))),
  {
    success: (title: Title, data?: ExternalToast) => (announce(title, data), show((t) => void t.success(title, data))),
    error: (title: Title, data?: ExternalToast) => (announce(title, data), show((t) => void t.error(title, data))),
    /** Takes the toast of this id away, if one shows (none shows before the toaster has mounted). */
    dismiss: (id: string) => void mounted?.dismiss(id),
  },
);

const CARRIED_KEY = 'dino-shop:toast';

/**
 * A success toast for the page a link is about to load (links are page loads): kept in sessionStorage
 * and shown once by the next page (e.g. Buy Now's 'Added to cart!' on /checkout).
 */
export function toastOnNextPage(title: string, description: string): void {
  try {
    sessionStorage.setItem(CARRIED_KEY, JSON.stringify({ title, description }));
  } catch {
    // Storage unavailable: the toast is lost with the page, nothing else is.
  }
}

/** Shows the toast the previous page left (once). */
export function showCarriedToast(): void {
  let carried: unknown;
  try {
    const raw = sessionStorage.getItem(CARRIED_KEY);
    if (raw === null) return;
    sessionStorage.removeItem(CARRIED_KEY);
    carried = JSON.parse(raw);
  } catch {
    return;
  }
  if (typeof carried !== 'object' || carried === null) return;
  const { title, description } = carried as Record<string, unknown>;
  if (typeof title === 'string' && typeof description === 'string') toast.success(title, { description });
}
