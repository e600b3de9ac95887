import { Drawer } from '../../../components/drawer.tsx';
import { tellHeadlessUiWhereFocusIs } from '../../../lib/dialog-focus.ts';
import { FilterPanel, type FilterPanelControls } from './filter-panel.tsx';

// Loaded on the first open, after the click or keypress that asked for it (see lib/dialog-focus.ts).
tellHeadlessUiWhereFocusIs();

/** The filter panel in a drawer for narrow screens (below lg the sidebar is hidden), loaded by the listing on its first open. */
export default function FilterDialog({
  open,
  onClose,
  controls,
}: {
  open: boolean;
  onClose: () => void;
  controls: FilterPanelControls;
}) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      side="left"
      title="Filters"
      closeLabel="Close filters"
      maxWidth="max-w-sm"
      className="lg:hidden"
    >
      <div className="p-5">
        <FilterPanel idPrefix="panel" {...controls} />
      </div>
    </Drawer>
  );
}
