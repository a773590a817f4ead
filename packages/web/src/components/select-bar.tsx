import {
  CATEGORIES,
  SOURCES,
  batchStatusEdits,
  itemStatusLabel,
  outfitStatusLabel,
  parseTextInput,
  wearDayKey,
  type Category,
  type ColourName,
  type ItemStatus,
  type OutfitStatus,
  type Source,
} from '@hanger/domain';
import {
  CalendarCheck,
  FolderPlus,
  CircleDot,
  Palette,
  Shapes,
  ShoppingBag,
  Tag,
  Trash2,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  deleteMany,
  updateManyItems,
  updateManyOutfits,
  woreAllToday,
  type BatchKind,
} from '../lib/stores/batch-actions';
import { addToCollection, loadCollections, useCollections } from '../lib/stores/collections-store';
import { toast } from '../lib/stores/toast-store';
import { capitalize } from '../lib/text';
import { Button, IconButton } from './button';
import { ChoiceChips } from './choice-chips';
import { StickyBar, type StickTo } from './sticky-bar';
import { SubcategoryChips } from './subcategory-chips';
import { ColourChecks } from './colour-chips';
import { Dialog } from './dialog';
import { TextField } from './field';

/**
 * The bar of Select mode (docs/select-many.md), in place of the sort bar: "n selected", Select
 * all (n) for what the filters show, and the actions, each one batch call for all the chosen
 * records. Loaded lazily by the wardrobe browser when Select mode first starts.
 */

interface SelectBarProps {
  kind: BatchKind;
  /** The chosen records the grid shows, in its order. */
  selectedIds: readonly string[];
  /** How many records the grid shows. */
  total: number;
  onSelectAll: () => void;
  onSelectNone: () => void;
  onDone: () => void;
  stickTo: StickTo;
}

type Action = 'status' | 'category' | 'brand' | 'source' | 'colours' | 'collection';

const ITEM_STATUSES: readonly ItemStatus[] = ['clothes', 'wishlist', 'loaned', 'archived'];
const OUTFIT_STATUSES: readonly OutfitStatus[] = ['outfits', 'wishlist', 'archived'];

const plural = (n: number, kind: BatchKind) =>
  `${n} ${kind === 'clothes' ? 'item' : 'outfit'}${n === 1 ? '' : 's'}`;

export default function SelectBar({
  kind,
  selectedIds,
  total,
  onSelectAll,
  onSelectNone,
  onDone,
  stickTo,
}: SelectBarProps) {
  const [open, setOpen] = useState<Action | null>(null);
  const n = selectedIds.length;
  const none = n === 0;
  const close = () => setOpen(null);
  const items = kind === 'clothes';

  return (
    <StickyBar data-select-bar stickTo={stickTo}>
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 md:h-16 md:flex-row md:items-center md:gap-4 md:px-8 md:py-0">
        <div className="flex min-w-0 items-center gap-2">
          <IconButton
            label="Done selecting"
            icon={<X className="size-5" />}
            onClick={onDone}
            className="-ml-2"
          />
          <p role="status" className="min-w-0 truncate text-base font-semibold tabular-nums">
            {n} selected
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto md:ml-1"
            onClick={n === total ? onSelectNone : onSelectAll}
          >
            {n === total && total > 0 ? 'Select none' : `Select all (${total})`}
          </Button>
        </div>
        <div
          role="toolbar"
          aria-label={`Change the selected ${items ? 'items' : 'outfits'}`}
          className="-mx-4 flex [scrollbar-width:none] gap-2 overflow-x-auto px-4 md:mx-0 md:ml-auto md:px-0 [&::-webkit-scrollbar]:hidden"
        >
          <BarButton icon={CircleDot} disabled={none} onClick={() => setOpen('status')}>
            Status
          </BarButton>
          {items && (
            <>
              <BarButton icon={Shapes} disabled={none} onClick={() => setOpen('category')}>
                Category
              </BarButton>
              <BarButton icon={Tag} disabled={none} onClick={() => setOpen('brand')}>
                Brand
              </BarButton>
              <BarButton icon={ShoppingBag} disabled={none} onClick={() => setOpen('source')}>
                Source
              </BarButton>
              <BarButton icon={Palette} disabled={none} onClick={() => setOpen('colours')}>
                Colours
              </BarButton>
            </>
          )}
          <BarButton icon={FolderPlus} disabled={none} onClick={() => setOpen('collection')}>
            Collection
          </BarButton>
          <BarButton
            icon={CalendarCheck}
            disabled={none}
            onClick={() => void woreAllToday(kind, selectedIds)}
          >
            Wore it today
          </BarButton>
          <BarButton
            icon={Trash2}
            danger
            disabled={none}
            onClick={() => {
              deleteMany(kind, selectedIds);
              onDone();
            }}
          >
            Delete
          </BarButton>
        </div>
      </div>

      <CollectionDialog
        open={open === 'collection'}
        onClose={close}
        kind={kind}
        ids={selectedIds}
      />
      {items ? (
        <ItemDialogs open={open} onClose={close} ids={selectedIds} />
      ) : (
        <Dialog open={open === 'status'} onClose={close} title={`Status of ${plural(n, kind)}`}>
          <ChoiceChips<OutfitStatus>
            legend="Move to"
            choices={OUTFIT_STATUSES.map((s) => ({
              value: s,
              label: capitalize(outfitStatusLabel(s)),
            }))}
            value=""
            onChange={(status) => {
              close();
              void updateManyOutfits(
                selectedIds,
                { status },
                `Moved ${plural(n, kind)} to ${capitalize(outfitStatusLabel(status))}`,
              );
            }}
          />
        </Dialog>
      )}
    </StickyBar>
  );
}

function BarButton({
  icon: Icon,
  children,
  danger = false,
  ...rest
}: {
  icon: LucideIcon;
  children: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      className={`h-9 shrink-0 ${danger ? 'text-danger' : ''}`}
      icon={<Icon aria-hidden="true" className="size-4" />}
      {...rest}
    >
      {children}
    </Button>
  );
}

/** The item actions' dialogs: each sets one field on every chosen item, in one batch call. */
function ItemDialogs({
  open,
  onClose,
  ids,
}: {
  open: Action | null;
  onClose: () => void;
  ids: readonly string[];
}) {
  const [category, setCategory] = useState<Category | ''>('');
  const [sub, setSub] = useState<string>();
  const [brand, setBrand] = useState('');
  const [brandError, setBrandError] = useState<string | null>(null);
  const [colours, setColours] = useState<ColourName[]>([]);
  const n = ids.length;
  const what = plural(n, 'clothes');

  const apply = (updates: Parameters<typeof updateManyItems>[1], message: string) => {
    onClose();
    void updateManyItems(ids, updates, message);
  };

  return (
    <>
      <Dialog open={open === 'status'} onClose={onClose} title={`Status of ${what}`}>
        <ChoiceChips<ItemStatus>
          legend="Move to"
          choices={ITEM_STATUSES.map((s) => ({ value: s, label: capitalize(itemStatusLabel(s)) }))}
          value=""
          onChange={(status) =>
            apply(
              batchStatusEdits(status, wearDayKey()),
              `Moved ${what} to ${capitalize(itemStatusLabel(status))}`,
            )
          }
        />
      </Dialog>

      <Dialog
        open={open === 'category'}
        onClose={onClose}
        title={`Category of ${what}`}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              disabled={!category}
              onClick={() =>
                category &&
                apply(
                  { category, subCategoryId: sub },
                  `${capitalize(what)} now in ${capitalize(category)}`,
                )
              }
            >
              Apply to {what}
            </Button>
          </>
        }
      >
        <ChoiceChips<Category>
          legend="Category"
          choices={CATEGORIES.map((c) => ({ value: c, label: capitalize(c) }))}
          value={category}
          onChange={(c) => {
            setCategory(c);
            setSub(undefined);
          }}
        />
        <SubcategoryChips category={category} value={sub} onChange={setSub} />
      </Dialog>

      <Dialog
        open={open === 'brand'}
        onClose={onClose}
        title={`Brand of ${what}`}
        description="Leave it empty to clear the brand."
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                const parsed = parseTextInput(brand);
                if (!parsed.ok) {
                  setBrandError(parsed.error);
                  return;
                }
                setBrandError(null);
                apply(
                  { brand: parsed.value },
                  parsed.value ? `${capitalize(what)} set to ${parsed.value}` : 'Brand cleared',
                );
              }}
            >
              Apply to {what}
            </Button>
          </>
        }
      >
        <TextField
          label="Brand"
          value={brand}
          error={brandError}
          autoComplete="off"
          onChange={(e) => setBrand(e.target.value)}
        />
      </Dialog>

      <Dialog open={open === 'source'} onClose={onClose} title={`Source of ${what}`}>
        <ChoiceChips<Source>
          legend="Where they came from"
          choices={SOURCES.map((s) => ({ value: s, label: capitalize(s) }))}
          value=""
          onChange={(source) => apply({ source }, `${capitalize(what)}: ${capitalize(source)}`)}
        />
      </Dialog>

      <Dialog
        open={open === 'colours'}
        onClose={onClose}
        title={`Colours of ${what}`}
        description="Replaces their colours; they are kept from then on."
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => apply({ colors: colours }, `Colours set on ${what}`)}>
              Apply to {what}
            </Button>
          </>
        }
      >
        <ColourChecks legend="Colours" hideLegend value={colours} onChange={setColours} />
      </Dialog>
    </>
  );
}

/**
 * "Add to a collection" (docs/collections.md): the chosen records join one packing list or
 * capsule, one collection change (through the outbox, like every change to a collection).
 */
function CollectionDialog({
  open,
  onClose,
  kind,
  ids,
}: {
  open: boolean;
  onClose: () => void;
  kind: BatchKind;
  ids: readonly string[];
}) {
  const collections = useCollections();
  useEffect(() => {
    if (open) void loadCollections();
  }, [open]);
  const what = plural(ids.length, kind);
  return (
    <Dialog open={open} onClose={onClose} title={`Add ${what} to a collection`}>
      {collections === null ? (
        <p className="text-sm text-fg-muted">Loading your collections…</p>
      ) : collections.length === 0 ? (
        <p className="text-sm text-fg-muted">
          No collections yet.{' '}
          <Link to="/groups" className="font-medium text-fg underline underline-offset-2">
            Make a packing list or a capsule
          </Link>{' '}
          under Groups, then add to it from here.
        </p>
      ) : (
        <ChoiceChips<string>
          legend="Collection"
          choices={collections.map((c) => ({ value: c.id, label: c.name }))}
          value=""
          onChange={(id) => {
            onClose();
            const name = collections.find((c) => c.id === id)?.name ?? 'the collection';
            const added =
              kind === 'clothes' ? addToCollection(id, ids) : addToCollection(id, [], ids);
            void added.then(() => toast.success(`Added ${what} to ${name}`));
          }}
        />
      )}
    </Dialog>
  );
}
