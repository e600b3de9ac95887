import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { CloseIcon } from './icons.tsx';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** The edge it slides in from. */
  side: 'left' | 'right';
  title: ReactNode;
  /** The close button's accessible name ("Close menu"). */
  closeLabel: string;
  /** Its panel's widest width, a Tailwind max-width class. */
  maxWidth: 'max-w-xs' | 'max-w-sm' | 'max-w-md';
  /** Classes of the dialog itself (e.g. `md:hidden` for a drawer that only phones use). */
  className?: string;
  panelRef?: Ref<HTMLDivElement>;
  testId?: string;
  children: ReactNode;
}

/**
 * The shop's drawers (the phone menu, the filters, the cart): a Headless UI Dialog whose panel slides
 * in from one edge over a dimmed page, with a title and a close button; focus is trapped in it and
 * Escape closes it. Each drawer module is loaded on its first open and mounts the drawer then, so the
 * drawer opens one frame after its first mount: it slides in that first time as it does every time.
 * (Each drawer module calls tellHeadlessUiWhereFocusIs() when it loads, for focus to go back to its
 * opener; see lib/dialog-focus.ts.)
 */
export function Drawer({
  open,
  onClose,
  side,
  title,
  closeLabel,
  maxWidth,
  className = '',
  panelRef,
  testId,
  children,
}: DrawerProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const left = side === 'left';
  return (
    <Dialog open={ready && open} onClose={onClose} className={`relative z-50 ${className}`}>
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-ink-900/50 transition-opacity duration-300 ease-out data-closed:opacity-0"
      />
      <div
        className={`pointer-events-none fixed inset-y-0 flex max-w-full ${left ? 'left-0 pr-8' : 'right-0 pl-8 sm:pl-16'}`}
      >
        <DialogPanel
          ref={panelRef}
          transition
          data-testid={testId}
          className={`pointer-events-auto flex h-full w-screen ${maxWidth} flex-col overflow-y-auto bg-cream shadow-2xl transition duration-300 ease-out ${
            left ? 'data-closed:-translate-x-full' : 'data-closed:translate-x-full'
          }`}
        >
          <div className="flex items-center justify-between gap-4 border-b border-ink-200 px-5 py-4">
            <DialogTitle className="font-display text-xl font-black text-ink-900">{title}</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              data-focus-fallback
              aria-label={closeLabel}
              className="-mr-2 inline-flex size-11 items-center justify-center rounded-full text-ink-700 hover:bg-brand-50 hover:text-ink-900"
            >
              <CloseIcon className="size-6" />
            </button>
          </div>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
