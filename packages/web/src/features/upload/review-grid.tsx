import {
  CATEGORIES,
  itemStatusLabel,
  parseTextInput,
  type Category,
  type ItemStatus,
} from '@hanger/domain';
import { Check, CloudUpload } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/button';
import { UploadScreen } from './upload-screen';
import { ChoiceChips } from '../../components/choice-chips';
import { SubcategoryChips } from '../../components/subcategory-chips';
import { Input } from '../../components/field';
import type { NewItemInput } from '../../lib/api/clothes';
import { useOutbox } from '../../lib/outbox/state';
import { queueItems, uploadedCount } from '../../lib/stores/upload-actions';
import { capitalize } from '../../lib/text';
import type { QueuedPhoto } from './use-photo-queue';

/**
 * Tag a pile (docs/select-many.md): every photo chosen on the upload screen in one grid. Tap
 * photos to select them (all are at first), then tap chips to set the category, subcategory,
 * status or brand of the selected ones at once. "Save 24 items" keeps them all on this device at
 * once (the outbox) and uploads them in the background, with progress here; leaving loses none.
 * Loaded lazily by the upload page.
 */

interface Tags {
  category?: Category;
  subCategoryId?: string;
  status: ItemStatus;
  brand?: string;
}

interface ReviewGridProps {
  photos: readonly QueuedPhoto[];
  /** The upload page's choices so far: every photo starts with them. */
  initial: Tags;
  onBack: () => void;
  /** Back to the list, once everything is saved (the uploads go on). */
  onDone: () => void;
}

const STATUS_ORDER: readonly ItemStatus[] = ['clothes', 'wishlist', 'loaned', 'archived'];
const CATEGORY_CHOICES = CATEGORIES.map((c) => ({ value: c, label: capitalize(c) }));
const STATUS_CHOICES = STATUS_ORDER.map((s) => ({
  value: s,
  label: capitalize(itemStatusLabel(s)),
}));

/** The value every selected photo shares, or '' when they differ. */
function shared<K extends keyof Tags>(tags: readonly Tags[], key: K): NonNullable<Tags[K]> | '' {
  const first = tags[0]?.[key];
  return first !== undefined && tags.every((t) => t[key] === first)
    ? (first as NonNullable<Tags[K]>)
    : '';
}

export default function ReviewGrid({ photos, initial, onBack, onDone }: ReviewGridProps) {
  const [tags, setTags] = useState<Record<string, Tags>>(() =>
    Object.fromEntries(photos.map((p) => [p.key, { ...initial }])),
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(
    () => new Set(photos.map((p) => p.key)),
  );
  const [brand, setBrand] = useState('');
  const [brandError, setBrandError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [queued, setQueued] = useState<string[] | null>(null);
  const waiting = useOutbox((s) => s.entries);

  const chosen = photos.filter((p) => selected.has(p.key));
  const chosenTags = chosen.map((p) => tags[p.key]!);
  const category = shared(chosenTags, 'category');
  const untagged = photos.filter((p) => !tags[p.key]?.category).length;
  const n = photos.length;

  const setForChosen = (change: Partial<Tags>) =>
    setTags((all) => {
      const next = { ...all };
      for (const p of chosen) next[p.key] = { ...next[p.key]!, ...change };
      return next;
    });

  const toggle = (key: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  async function save() {
    if (untagged > 0 || saving) return;
    setSaving(true);
    const list = photos.map((p) => {
      const t = tags[p.key]!;
      const fields: NewItemInput = {
        category: t.category!,
        status: t.status,
        ...(t.subCategoryId ? { subCategoryId: t.subCategoryId } : {}),
        ...(t.brand ? { brand: t.brand } : {}),
      };
      return { fields, photo: p.file };
    });
    setQueued(await queueItems(list));
    setSaving(false);
  }

  const done = useMemo(() => (queued ? uploadedCount(queued, waiting) : 0), [queued, waiting]);

  if (queued) {
    const all = done >= queued.length;
    return (
      <main id="main" className="min-h-dvh bg-canvas pt-safe">
        <div className="mx-auto flex max-w-md flex-col items-center gap-6 px-6 pt-24 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-surface-2 text-fg-muted">
            {all ? <Check className="size-7" /> : <CloudUpload className="size-7" />}
          </span>
          <div>
            <h1 className="text-xl font-semibold tracking-tight">
              {all ? `${queued.length} items added` : `Uploading ${done} of ${queued.length}`}
            </h1>
            <p className="mt-2 text-sm leading-6 text-fg-muted">
              {all
                ? 'Every photo is in your wardrobe.'
                : 'They are saved on this device already. You can leave: the photos keep uploading in the background.'}
            </p>
          </div>
          <div
            role="progressbar"
            aria-label="Photos uploaded"
            aria-valuemin={0}
            aria-valuemax={queued.length}
            aria-valuenow={done}
            className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
          >
            <div
              className="h-full rounded-full bg-accent transition-[width] duration-300"
              style={{ width: `${(100 * done) / queued.length}%` }}
            />
          </div>
          <Button size="lg" className="w-full" onClick={onDone}>
            {all ? 'See them' : 'Continue in the background'}
          </Button>
        </div>
      </main>
    );
  }

  return (
    <UploadScreen title={`Review ${n} photos`} onBack={onBack} width="max-w-6xl">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pt-4 pb-36 md:grid-cols-[minmax(0,1fr)_22rem] md:px-8 md:pt-8 md:pb-12">
        <section aria-labelledby="review-photos" className="min-w-0">
          <div className="mb-3 flex items-center gap-2">
            <h2 id="review-photos" role="status" className="text-sm font-semibold tabular-nums">
              {chosen.length} of {n} selected
            </h2>
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto"
              onClick={() =>
                setSelected(chosen.length === n ? new Set() : new Set(photos.map((p) => p.key)))
              }
            >
              {chosen.length === n ? 'Select none' : `Select all (${n})`}
            </Button>
          </div>
          <ul aria-label="Photos" className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5">
            {photos.map((p, i) => {
              const t = tags[p.key]!;
              const on = selected.has(p.key);
              const name = `Photo ${i + 1}, ${t.category ? capitalize(t.category) : 'no category'}`;
              return (
                <li key={p.key}>
                  <button
                    type="button"
                    aria-pressed={on}
                    aria-label={name}
                    onClick={() => toggle(p.key)}
                    className="group relative block w-full overflow-hidden rounded-tile text-left focus-visible:outline-offset-4"
                  >
                    <img
                      src={p.url}
                      alt=""
                      className="aspect-square w-full bg-surface-2 object-cover"
                      draggable={false}
                    />
                    {on && <span aria-hidden="true" className="absolute inset-0 bg-canvas/50" />}
                    <span
                      aria-hidden="true"
                      className={
                        'absolute top-1.5 right-1.5 grid size-6 place-items-center rounded-full shadow-sm ' +
                        (on ? 'bg-accent text-on-accent' : 'border-2 border-white/90 bg-black/15')
                      }
                    >
                      {on && <Check className="size-4" strokeWidth={3} />}
                    </span>
                    <span
                      aria-hidden="true"
                      className={
                        'absolute bottom-1.5 left-1.5 max-w-[calc(100%-0.75rem)] truncate rounded-full px-2 py-0.5 text-xs font-medium shadow-sm ' +
                        (t.category ? 'bg-surface/90 text-fg' : 'bg-danger text-white')
                      }
                    >
                      {t.category ? capitalize(t.category) : 'No category'}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>

        <section
          aria-label="Tags for the selected photos"
          className="flex flex-col gap-6 md:sticky md:top-24 md:self-start"
        >
          <p className="text-sm text-fg-muted">
            {chosen.length === 0
              ? 'Select photos to tag them.'
              : `Tap a chip to set it on the ${chosen.length} selected.`}
          </p>
          <fieldset
            disabled={chosen.length === 0}
            className="flex flex-col gap-6 disabled:opacity-50"
          >
            <ChoiceChips<Category>
              legend="Category"
              choices={CATEGORY_CHOICES}
              value={category}
              onChange={(c) => setForChosen({ category: c, subCategoryId: undefined })}
            />
            <SubcategoryChips
              category={category}
              value={shared(chosenTags, 'subCategoryId')}
              onChange={(subCategoryId) => setForChosen({ subCategoryId })}
            />
            <ChoiceChips<ItemStatus>
              legend="Add to"
              choices={STATUS_CHOICES}
              value={shared(chosenTags, 'status')}
              onChange={(status) => setForChosen({ status })}
            />
            <form
              className="flex flex-col gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                const parsed = parseTextInput(brand);
                if (!parsed.ok) return setBrandError(parsed.error);
                setBrandError(null);
                setForChosen({ brand: parsed.value });
              }}
            >
              <label htmlFor="review-brand" className="text-sm font-medium text-fg">
                Brand
              </label>
              <div className="flex gap-2">
                <Input
                  id="review-brand"
                  value={brand}
                  autoComplete="off"
                  placeholder={shared(chosenTags, 'brand') || 'e.g. Uniqlo'}
                  aria-invalid={brandError ? true : undefined}
                  onChange={(e) => setBrand(e.target.value)}
                />
                <Button type="submit" variant="secondary">
                  Set
                </Button>
              </div>
              {brandError && <p className="text-sm text-danger">{brandError}</p>}
            </form>
          </fieldset>
        </section>
      </div>

      <div
        data-toast-floor="phone-bar"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-canvas/95 px-4 pt-3 pb-[calc(1rem+env(safe-area-inset-bottom))] backdrop-blur"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-2 md:flex-row md:items-center md:justify-end md:gap-4 md:px-4">
          {untagged > 0 && (
            <p className="text-center text-sm text-fg-muted md:text-right">
              {untagged === 1 ? '1 photo needs' : `${untagged} photos need`} a category
            </p>
          )}
          <Button
            size="lg"
            className="w-full md:w-auto"
            disabled={untagged > 0}
            loading={saving}
            onClick={() => void save()}
          >
            Save {n} items
          </Button>
        </div>
      </div>
    </UploadScreen>
  );
}
