import { groupCounts } from '@hanger/domain';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { IconButton } from '../../components/button';
import { WardrobeBrowser } from '../../components/wardrobe-browser';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { useGroupFilters, type GroupName } from './group-filters-store';

interface GroupItemsProps {
  group: GroupName;
  title: string;
  addLabel: string;
  /** Where the back button goes; 'history' is one step back (docs/spec.md §2). */
  back: 'history' | string;
}

/** A group's screen: its items with the Items view's sort and filters, except the status filter. */
export function GroupItems({ group, title, addLabel, back }: GroupItemsProps) {
  const data = useWardrobeStore((s) => s.data);
  const filters = useGroupFilters((s) => s.filters[group]);
  const setFilters = useGroupFilters((s) => s.setFilters);
  const reset = useGroupFilters((s) => s.reset);
  const count = useMemo(() => (data ? groupCounts(data)[group] : null), [data, group]);
  const navigate = useNavigate();
  const location = useLocation();

  // Opened directly (nothing behind it in this tab), one step back would leave the app.
  const goBack =
    back === 'history'
      ? location.key === 'default'
        ? () => navigate('/groups')
        : () => navigate(-1)
      : () => navigate(back);

  return (
    <WardrobeBrowser
      kind="items"
      scope={group}
      filters={filters}
      onFiltersChange={(f) => setFilters(group, f)}
      onClearFilters={() => reset(group)}
      addLabel={addLabel}
      selectable
      header={
        <header className="flex items-center gap-2">
          <IconButton
            label={back === 'history' ? 'Back' : 'Back to groups'}
            icon={<ArrowLeft className="size-5" />}
            onClick={goBack}
            className="-ml-2"
          />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-2xl font-semibold tracking-tight md:text-3xl">{title}</h1>
            {count !== null && (
              <p className="mt-1 text-sm text-fg-muted tabular-nums">
                {count} {count === 1 ? 'item' : 'items'}
              </p>
            )}
          </div>
        </header>
      }
    />
  );
}
