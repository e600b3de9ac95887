import { useEffect } from 'react';
import { ANNOUNCER_ID, showCarriedToast } from './toast.ts';

/**
 * Mounted once by the layout: the toasts' live region, in the server's HTML so it is in the page before
 * the first toast (the real toaster, sonner, is mounted by the layout's overlays on the first toast), and
 * the toast a previous page carried over.
 */
export function ToastAnnouncer() {
  useEffect(showCarriedToast, []);
  return <div id={ANNOUNCER_ID} role="status" aria-live="polite" aria-atomic="true" className="sr-only" />;
}
