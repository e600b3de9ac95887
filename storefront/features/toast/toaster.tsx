import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Toaster, toast, useSonner } from 'sonner';
import { toasterMounted } from './toast.ts';

/**
 * The shop's toasts (one at a time, gone after 5000 ms), mounted by the layout's toaster slot
 * on the first toast (this module is loaded then). Features call `toast()` / `toast.success()` /
 * `toast.error()` (destructive) from ./toast.ts, which hands them to sonner once this has mounted.
 *
 * Rendered into <body>, outside the app root: Headless UI makes the app root inert while a dialog (the
 * cart drawer) is open, and the removal toast's Undo must stay usable then.
 */
export default function ShopToaster() {
  // Runs after the children's effects: sonner's <Toaster> is subscribed by then. Toasts are announced by
  // the layout's live region (toast.ts), so sonner's region, created with the first toast, stays quiet.
  useEffect(() => {
    document.querySelector('section[aria-live][aria-label^="Notifications"]')?.setAttribute('aria-live', 'off');
    toasterMounted(toast);
  }, []);
  return createPortal(
    <>
      <OneAtATime />
      <ToastsDoNotCloseDialogs />
      <Toaster
        // Top centre, just under the sticky header: clear of the cart drawer's buttons on the right.
        position="top-center"
        visibleToasts={1}
        duration={5000}
        offset={{ top: 76 }}
        mobileOffset={{ top: 72, left: 12, right: 12 }}
        containerAriaLabel="Notifications"
        toastOptions={{
          unstyled: true,
          classNames: {
            toast: 'flex w-[356px] items-start gap-3 rounded-2xl p-4 pr-3 text-sm shadow-xl ring-1 font-sans',
            default: 'bg-white text-ink-900 ring-ink-200',
            success: 'bg-white text-ink-900 ring-brand-200 border-l-4 border-brand-500',
            error: 'bg-accent-50 text-accent-800 ring-accent-300 border-l-4 border-accent-600',
            icon: 'mt-0.5 shrink-0 [&_svg]:size-5',
            content: 'flex min-w-0 flex-1 flex-col gap-0.5',
            title: 'font-bold leading-snug',
            description: 'leading-snug opacity-90',
            actionButton:
              'ml-2 shrink-0 self-center rounded-full bg-ink-900 px-3.5 py-1.5 text-xs font-bold text-white transition hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          },
        }}
        icons={{ success: <SuccessIcon />, error: <ErrorIcon /> }}
      />
    </>,
    document.body,
  );
}

/**
 * `visibleToasts={1}` hides older toasts but keeps them alive; dismissing them makes "one at a time"
 * literal, so an older toast never reappears when the newest one goes.
 */
function OneAtATime() {
  const { toasts } = useSonner();
  useEffect(() => {
    for (const older of toasts.slice(1)) toast.dismiss(older.id);
  }, [toasts]);
  return null;
}

/**
 * Headless UI closes a dialog on a click outside it, and a toast is outside the cart drawer: pressing
 * the removal toast's Undo would close the drawer the shopper is working in. Headless UI ignores a
 * pointerup whose default was prevented, and a window capture listener runs before its document one.
 * (Touch devices go through touchend, where preventing the default would swallow the tap itself.)
 */
function ToastsDoNotCloseDialogs() {
  useEffect(() => {
    const onPointerUp = (event: PointerEvent) => {
      if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]')) event.preventDefault();
    };
    window.addEventListener('pointerup', onPointerUp, true);
    return () => window.removeEventListener('pointerup', onPointerUp, true);
  }, []);
  return null;
}

function SuccessIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="text-brand-600"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="m7.5 12.5 3 3 6-6" />
    </svg>
  );
}

function ErrorIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="text-accent-600"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="M12 7v6M12 16.5v.5" />
    </svg>
  );
}
