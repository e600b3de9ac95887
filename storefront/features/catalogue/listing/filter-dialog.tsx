import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { CloseIcon } from '../../../components/icons.tsx';
import { FilterPanel, type FilterPanelProps } from './filter-panel.tsx';
import { tellHeadlessUiWhereFocusIs } from '../../../lib/dialog-focus.ts';

// Loaded on the first open, after the click or keypress that asked for it (see lib/dialog-focus.ts).
tellHeadlessUiWhereFocusIs();

/**
 * The filter panel in a drawer for narrow screens (below lg the sidebar is hidden), loaded by the
 * listing on its first open. On that first mount it opens one frame late, so it slides in as it does
 * every later time.
 */
export default function FilterDialog({
  open,
  onClose,
  draft,
  collections,
  onChange,
  onApply,
  onClearAll,
  counts,
  carry,
}: Omit<FilterPanelProps, 'idPrefix'> & { open: boolean; onClose: () => void }) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const shown = ready && open;
  return (
    <Dialog open={shown} onClose={onClose} className="relative z-50 lg:hidden">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-ink-900/50 transition-opacity duration-300 ease-out data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex">
        <DialogPanel
          transition
          className="flex w-full max-w-sm flex-col overflow-y-auto bg-cream shadow-2xl transition duration-300 ease-out data-closed:-translate-x-full"
        >
          <div className="flex items-center justify-between border-b border-ink-200 px-5 py-3">
            <DialogTitle className="font-display text-xl font-extrabold text-ink-900">Filters</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close filters"
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-50"
            >
              <CloseIcon className="size-6" />
            </button>
          </div>
          <div className="p-5">
            <FilterPanel
              idPrefix="panel"
              draft={draft}
              collections={collections}
              onChange={onChange}
              onApply={onApply}
              onClearAll={onClearAll}
              carry={carry}
              {...(counts ? { counts } : {})}
            />
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
