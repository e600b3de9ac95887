import { getDefaultStore } from 'jotai/vanilla';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Toasts asked for before sonner's toaster has loaded wait for it, in order, and mount it; once it is
 * mounted they go straight through. (Each test imports a fresh copy of the module.)
 */
afterEach(() => {
  vi.resetModules();
  vi.unstubAllGlobals();
});

function fakeSonner() {
  const shown: string[] = [];
  const sonner = Object.assign((title: unknown) => void shown.push(`default:${String(title)}`), {
    success: (title: unknown) => void shown.push(`success:${String(title)}`),
    error: (title: unknown) => void shown.push(`error:${String(title)}`),
  });
  return {
    shown,
    sonner: sonner as unknown as Parameters<
      typeof import('../../../storefront/features/toast/toast.ts')['toasterMounted']
    >[0],
  };
}

describe('toast queue', () => {
  it('asks for the toaster on the first toast and shows the waiting toasts once it has mounted', async () => {
    const { toast, toasterMounted } = await import('../../../storefront/features/toast/toast.ts');
    const { toasterWantedAtom } = await import('../../../storefront/lib/ui-state.ts');
    const toasterWanted = () => getDefaultStore().get(toasterWantedAtom);
    const { shown, sonner } = fakeSonner();
    expect(toasterWanted()).toBe(false);
    toast.success('Added to cart!');
    toast.error('Failed to remove item');
    await vi.waitFor(() => expect(toasterWanted()).toBe(true));
    expect(shown).toEqual([]);
    toasterMounted(sonner);
    expect(shown).toEqual(['success:Added to cart!', 'error:Failed to remove item']);
    toast('Item removed');
    expect(shown.at(-1)).toBe('default:Item removed');
  });

  it('carries a toast to the next page once (links are page loads)', async () => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
    const first = await import('../../../storefront/features/toast/toast.ts');
    first.toastOnNextPage('Added to cart!', 'T-Rex Tiny Arms Thong has been added to your cart.');
    vi.resetModules();
    const next = await import('../../../storefront/features/toast/toast.ts');
    const { shown, sonner } = fakeSonner();
    next.toasterMounted(sonner);
    next.showCarriedToast();
    next.showCarriedToast();
    expect(shown).toEqual(['success:Added to cart!']);
    expect(store.size).toBe(0);
  });
});
