import {
  COLLECTION_KIND_LABELS,
  MAX_COLLECTION_DESTINATION,
  MAX_COLLECTION_NAME,
  MAX_COLLECTION_NOTE,
  type Collection,
  type CollectionKind,
} from '@hanger/domain';
import { Backpack, Luggage } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import {
  createCollection,
  updateCollection,
  type NewCollectionInput,
} from '../../lib/stores/collections-store';

interface CollectionDialogProps {
  open: boolean;
  onClose: () => void;
  /** Editing this collection; a new one otherwise. */
  collection?: Collection;
  /** A new collection was made. */
  onCreated?: (id: string) => void;
}

const KINDS: { kind: CollectionKind; icon: typeof Luggage; hint: string }[] = [
  { kind: 'packing', icon: Luggage, hint: 'For a trip: tick pieces as you pack.' },
  { kind: 'capsule', icon: Backpack, hint: 'A small wardrobe you dress from.' },
];

/** "+ Add packing or capsule", and the collection screen's Edit (docs/collections.md). */
export function CollectionDialog({ open, onClose, collection, onCreated }: CollectionDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={collection ? 'Edit collection' : 'New collection'}
      description={
        collection ? undefined : 'A packing list for a trip, or a capsule you dress from.'
      }
    >
      {open && (
        <CollectionForm
          key={collection?.id ?? 'new'}
          collection={collection}
          onDone={(id) => {
            if (!collection && id) onCreated?.(id);
            onClose();
          }}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}

function CollectionForm({
  collection,
  onDone,
  onCancel,
}: {
  collection?: Collection;
  onDone: (id?: string) => void;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<CollectionKind>(collection?.kind ?? 'packing');
  const [name, setName] = useState(collection?.name ?? '');
  const [note, setNote] = useState(collection?.note ?? '');
  const [startDate, setStartDate] = useState(collection?.startDate ?? '');
  const [endDate, setEndDate] = useState(collection?.endDate ?? '');
  const [destination, setDestination] = useState(collection?.destination ?? '');
  const [tried, setTried] = useState(false);

  const nameError = tried && !name.trim() ? 'Give it a name.' : null;
  const datesError =
    startDate && endDate && endDate < startDate ? 'The trip ends before it starts.' : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (!name.trim() || datesError) return;
    const fields: NewCollectionInput = {
      kind,
      name: name.trim(),
      note: note.trim() || null,
      ...(kind === 'packing'
        ? {
            startDate: startDate || null,
            endDate: endDate || null,
            destination: destination.trim() || null,
          }
        : {}),
    };
    if (collection) {
      const { kind: _kind, ...changes } = fields;
      void updateCollection(collection.id, changes);
      onDone();
    } else {
      onDone(createCollection(fields));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {!collection && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-fg">Kind</legend>
          <div className="grid grid-cols-2 gap-2">
            {KINDS.map(({ kind: k, icon: Icon, hint }) => (
              <label
                key={k}
                className={`flex cursor-pointer flex-col gap-1 rounded-2xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${
                  kind === k
                    ? 'border-accent bg-accent-soft text-accent-ink'
                    : 'border-line hover:bg-surface-2'
                }`}
              >
                <input
                  type="radio"
                  name="kind"
                  value={k}
                  checked={kind === k}
                  onChange={() => setKind(k)}
                  className="sr-only"
                />
                <span className="flex items-center gap-2 text-sm font-semibold">
                  <Icon aria-hidden="true" className="size-4" strokeWidth={1.75} />
                  {COLLECTION_KIND_LABELS[k]}
                </span>
                <span className="text-xs text-fg-muted">{hint}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={MAX_COLLECTION_NAME}
        placeholder={kind === 'packing' ? 'Lisbon in May' : 'Summer capsule'}
        error={nameError}
        autoFocus
      />
      {kind === 'packing' && (
        <>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="From"
              type="date"
              value={startDate}
              onChange={(e) => setStartDate(e.target.value)}
            />
            <TextField
              label="To"
              type="date"
              value={endDate}
              min={startDate || undefined}
              onChange={(e) => setEndDate(e.target.value)}
              error={datesError}
            />
          </div>
          <TextField
            label="Destination (optional)"
            value={destination}
            onChange={(e) => setDestination(e.target.value)}
            maxLength={MAX_COLLECTION_DESTINATION}
          />
        </>
      )}
      <TextField
        label="Note (optional)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={MAX_COLLECTION_NOTE}
      />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{collection ? 'Save' : 'Create'}</Button>
      </div>
    </form>
  );
}
