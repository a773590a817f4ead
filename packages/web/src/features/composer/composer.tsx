import {
  CANVAS_SAVE_DELAY_MS,
  ERROR_TOASTS,
  MAX_CANVAS_ENTRIES,
  NUDGE_STEP,
  NUDGE_STEP_LARGE,
  addToCanvas,
  displayScale,
  displaySize,
  fromOutfitCoordinates,
  keepExistingEntries,
  moveBackward,
  moveForward,
  nudge,
  parseSelectedQuery,
  removeFromCanvas,
  sameSavedLayout,
  toOutfitCoordinates,
  toggleLock,
  type ClothingItem,
  type ComposerItem,
  type WardrobeData,
  itemTileLabel,
} from '@hanger/domain';
import type Konva from 'konva';
import { ArrowLeft, Layers, Plus, SearchX } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { Button, IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { ItemPicker } from '../../components/item-picker/item-picker';
import { Spinner } from '../../components/spinner';
import { useSessionStore } from '../../lib/stores/session-store';
import { toast } from '../../lib/stores/toast-store';
import { saveOutfit } from '../../lib/stores/wardrobe-actions';
import { useWardrobe, useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { CanvasToolbar } from './canvas-toolbar';
import { ComposerCanvas, HANDLE_ROOM_PX } from './composer-canvas';
import { dataUrlToBlob, renderOutfitDataUrl } from './export-image';
import { PhotoCache, type LoadedPhoto } from './photos';
import { useCanvasState } from './use-canvas-state';
import { useLeaveGuard } from './use-leave-guard';
import { useElementSize } from './use-stage-size';

export interface ComposerProps {
  /** Edit this outfit (its saved layout is restored); absent for a new outfit. */
  outfitId?: string;
  /** Item ids to place on a new canvas; ids not in the wardrobe are ignored. */
  initialSelected?: readonly string[];
  /** After a successful save, with the outfit's id. */
  onSaved: (outfitId: string) => void;
  /** Back, once any unsaved work was confirmed discarded. */
  onClose: () => void;
}

type Phase = 'loading' | 'ready' | 'missing';

/** Places each record whose photo loaded at the bottom right, on top of the stack, in order. */
function placeAll(
  current: readonly ComposerItem[],
  records: readonly ClothingItem[],
  loaded: ReadonlyMap<string, LoadedPhoto>,
): ComposerItem[] {
  let next = [...current];
  for (const record of records) {
    const photo = loaded.get(record.id);
    if (photo) next = addToCanvas(next, record, photo.width, photo.height, 1);
  }
  return next;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long an unknown outfit or item waits for the wardrobe's first sync of the visit. */
const SYNC_PATIENCE_MS = 10_000;

/** Widths from which the tools float beside the canvas instead of under it. */
const SIDE_TOOLBAR_MIN_WIDTH = 768;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

function failedToast(failed: readonly string[], label: (id: string) => string): void {
  if (failed.length === 0) return;
  const title =
    failed.length === 1
      ? `Couldn't add ${label(failed[0]!)}`
      : `Couldn't add ${failed.length} pieces`;
  toast.error(title, "The photo didn't load. Check your connection and try again.");
}

/**
 * The outfit composer (docs/spec.md §2 "Outfit composer", §4, §5, §9): a full-screen layer over
 * whatever opened it — the /outfits/upload and /outfits/{id}/edit routes, or the calendar's day
 * picker. The canvas is a history of domain states (undo/redo); Konva only draws it.
 */
export default function Composer({ outfitId, initialSelected, onSaved, onClose }: ComposerProps) {
  const data = useWardrobe();
  const settings = useSessionStore((s) => s.user?.settings);
  const syncing = useSessionStore((s) => s.syncing);
  // The cached copy shows at once on a reload, before the sync starts: an outfit opened from a
  // link is only called missing once the server answered during this visit, or after a while
  // without an answer (offline).
  const syncedAt = useWardrobeStore((s) => s.syncedAt);
  const syncedThisVisit = syncedAt !== null && Date.parse(syncedAt) >= performance.timeOrigin;
  const [patient, setPatient] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setPatient(false), SYNC_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);
  const canvas = useCanvasState();
  const { items, selected, selectedId } = canvas;
  const [photos] = useState(() => new PhotoCache());
  const [phase, setPhase] = useState<Phase>('loading');
  const [pickerOpen, setPickerOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState(0);
  const [confirmBack, setConfirmBack] = useState(false);
  const savingRef = useRef(false);
  const started = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const piecesListRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const pickerScrollRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<Konva.Layer>(null);
  const itemsRef = useRef(items);
  const dataRef = useRef<WardrobeData | null>(data);
  useEffect(() => {
    itemsRef.current = items;
    dataRef.current = data;
  });

  const size = useElementSize(rootRef);
  const scale = displayScale(size.width, size.height);
  const stage = displaySize(scale);
  const sideToolbar = size.width >= SIDE_TOOLBAR_MIN_WIDTH;

  const label = useCallback(
    (id: string) => {
      const item = dataRef.current?.clothes[id];
      if (!item) return 'this piece';
      return settings ? itemTileLabel(item, settings) : item.category;
    },
    [settings],
  );

  const { change, reset, select, undo, redo } = canvas;

  /** Loads the photos, then places the pieces that loaded, on top, in one undoable step. */
  const place = useCallback(
    async (records: readonly ClothingItem[]) => {
      setAdding((n) => n + records.length);
      try {
        const { loaded, failed } = await photos.loadAll(records);
        failedToast(failed, label);
        change((current) => placeAll(current, records, loaded));
      } finally {
        setAdding((n) => n - records.length);
      }
    },
    [photos, label, change],
  );

  // Opening: an outfit's saved layout (edit), or the pieces of `initialSelected` (new).
  useEffect(() => {
    if (!data || started.current) return;
    // This device's copy may predate the outfit or the items (made on another device): while the
    // wardrobe is syncing, wait for the server's answer before calling anything missing.
    const unknown = outfitId
      ? !data.outfits[outfitId]
      : (initialSelected ?? []).some((id) => !data.clothes[id]);
    if (unknown && (syncing || (!syncedThisVisit && patient))) return;
    started.current = true;
    void (async () => {
      if (outfitId) {
        const outfit = data.outfits[outfitId];
        if (!outfit) {
          setPhase('missing');
          return;
        }
        const entries = keepExistingEntries(outfit.canvasData, data.clothes);
        const records = entries.map((e) => data.clothes[e.clothingId]!);
        const { loaded, failed } = await photos.loadAll(records);
        failedToast(failed, label);
        reset(fromOutfitCoordinates(entries, 1, loaded));
      } else {
        const ids = parseSelectedQuery((initialSelected ?? []).join(','), data.clothes).slice(
          0,
          MAX_CANVAS_ENTRIES,
        );
        const records = ids.map((id) => data.clothes[id]!);
        const { loaded, failed } = await photos.loadAll(records);
        failedToast(failed, label);
        // A new outfit is unsaved work as soon as anything is on it, pre-placed pieces too.
        reset(placeAll([], records, loaded), []);
      }
      setPhase('ready');
    })();
  }, [data, syncing, syncedThisVisit, patient, outfitId, initialSelected, photos, label, reset]);

  const dirty = phase === 'ready' && !sameSavedLayout(items, canvas.baseline);
  const { blocker, allow } = useLeaveGuard(dirty, () => pickerOpen || dirty);
  const pickerOpenRef = useRef(pickerOpen);
  useEffect(() => {
    pickerOpenRef.current = pickerOpen;
  });

  // Focus follows the layers: into the composer when it opens, back to 'Add Clothes' when the
  // picker closes (the picker focuses its own heading when it opens).
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);
  const pickerWasOpen = useRef(false);
  useEffect(() => {
    if (pickerOpen) pickerWasOpen.current = true;
    else if (pickerWasOpen.current) {
      pickerWasOpen.current = false;
      addRef.current?.focus({ preventScroll: true });
    }
  }, [pickerOpen]);

  // The browser's back button closes the picker first; over the canvas it asks before discarding.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (pickerOpenRef.current) {
      setPickerOpen(false);
      blocker.reset();
    } else if (savingRef.current) {
      blocker.reset();
    }
  }, [blocker]);

  const back = () => {
    if (saving) return;
    if (dirty) setConfirmBack(true);
    else {
      allow();
      onClose();
    }
  };

  const discard = () => {
    allow();
    setConfirmBack(false);
    if (blocker.state === 'blocked') blocker.proceed();
    else onClose();
  };

  const keepEditing = () => {
    setConfirmBack(false);
    if (blocker.state === 'blocked') blocker.reset();
  };

  const save = async () => {
    if (savingRef.current || itemsRef.current.length === 0 || !layerRef.current) return;
    savingRef.current = true;
    setSaving(true);
    select(null);
    // The transformer must be gone from the picture: wait for React and Konva to redraw.
    await sleep(CANVAS_SAVE_DELAY_MS);
    const layout = itemsRef.current;
    let image: Blob;
    try {
      image = dataUrlToBlob(renderOutfitDataUrl(layerRef.current));
    } catch (err) {
      console.error('Hanger: the outfit image could not be drawn', err);
      toast.error(
        ERROR_TOASTS.uploadOutfit,
        'The outfit image could not be drawn. Please try again.',
      );
      savingRef.current = false;
      setSaving(false);
      return;
    }
    const outfit = await saveOutfit({
      image,
      canvasData: toOutfitCoordinates(layout, 1),
      ...(outfitId !== undefined && { id: outfitId }),
    });
    if (!outfit) {
      // The canvas stays as it is, so nothing is lost; the toast says why.
      savingRef.current = false;
      setSaving(false);
      return;
    }
    allow();
    onSaved(outfit.id);
  };

  // A removed piece takes the focused control with it (its entry in the pieces list, or the
  // toolbar's Delete): focus then goes to the list's next piece, or to 'Add Clothes'.
  const focusAfterRemoval = useRef<'list' | 'add' | null>(null);
  const remove = (id: string) => {
    focusAfterRemoval.current = piecesListRef.current?.contains(document.activeElement)
      ? 'list'
      : 'add';
    change((list) => removeFromCanvas(list, id));
  };
  useEffect(() => {
    const target = focusAfterRemoval.current;
    if (target === null) return;
    focusAfterRemoval.current = null;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const next = target === 'list' ? piecesListRef.current?.querySelector('button') : null;
    (next ?? addRef.current)?.focus({ preventScroll: true });
  }, [items]);

  const onCanvas = useMemo(() => new Set(items.map((i) => i.clothingId)), [items]);
  /** How many more pieces fit: the server takes at most MAX_CANVAS_ENTRIES. */
  const room = Math.max(0, MAX_CANVAS_ENTRIES - items.length - adding);

  /** Says why no more can be added: the canvas is full, or the picker holds all that fit. */
  const roomNotice = () =>
    toast.info(
      `An outfit holds up to ${MAX_CANVAS_ENTRIES} pieces`,
      room === 0
        ? 'Remove a piece from the canvas to make room for another.'
        : room === 1
          ? 'One more fits on this canvas, and you have chosen it.'
          : `${room} more fit on this canvas, and you have chosen them all.`,
    );

  const openPicker = () => {
    if (room === 0) roomNotice();
    else setPickerOpen(true);
  };

  const addFromPicker = (ids: string[]) => {
    setPickerOpen(false);
    const clothes = dataRef.current?.clothes ?? {};
    const records = ids
      .filter((id) => !onCanvas.has(id))
      .map((id) => clothes[id])
      .filter(Boolean)
      .slice(0, room);
    if (records.length > 0) void place(records as ClothingItem[]);
  };

  // Desktop keys: Delete/Backspace, arrows, Escape, and undo/redo (docs/spec.md §2 plus undo/redo).
  const keyState = useRef({ selected, saving, pickerOpen, phase });
  const removeRef = useRef(remove);
  useEffect(() => {
    keyState.current = { selected, saving, pickerOpen, phase };
    removeRef.current = remove;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = keyState.current;
      if (s.pickerOpen || s.saving || s.phase !== 'ready' || e.defaultPrevented) return;
      if (isTyping(e.target) || document.querySelector('dialog[open]')) return;
      const mod = e.metaKey || e.ctrlKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) redo();
        else undo();
        return;
      }
      if (mod && key === 'y') {
        e.preventDefault();
        redo();
        return;
      }
      if (mod || e.altKey) return;
      const item = s.selected;
      if (e.key === 'Escape') {
        if (item) {
          e.preventDefault();
          select(null);
        }
        return;
      }
      if (!item) return;
      const id = item.clothingId;
      if (e.key === 'Delete' || e.key === 'Backspace') {
        e.preventDefault();
        removeRef.current(id);
        return;
      }
      const step = e.shiftKey ? NUDGE_STEP_LARGE : NUDGE_STEP;
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [-step, 0],
        ArrowRight: [step, 0],
        ArrowUp: [0, -step],
        ArrowDown: [0, step],
      };
      const move = moves[e.key];
      if (move) {
        e.preventDefault();
        change((list) => nudge(list, id, move[0], move[1]), `nudge:${id}`);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [change, select, undo, redo]);

  const selectedIndex = selected ? items.indexOf(selected) : -1;
  const busy = saving || phase !== 'ready';
  const title = outfitId ? 'Edit outfit' : 'New outfit';

  return (
    <div
      ref={rootRef}
      className="fixed inset-0 z-40 flex flex-col overflow-hidden bg-canvas text-fg"
      data-composer
    >
      <header
        inert={pickerOpen}
        className="relative z-10 flex shrink-0 items-center gap-2 border-b border-line bg-canvas/90 px-2 pt-safe backdrop-blur-md sm:px-4"
      >
        <div className="flex h-14 min-w-0 flex-1 items-center gap-2">
          <IconButton label="Back" icon={<ArrowLeft className="size-5" />} onClick={back} />
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="sr-only truncate text-base font-semibold tracking-tight outline-none sm:not-sr-only"
          >
            {title}
          </h1>
          {saving && (
            <span className="ml-1 inline-flex items-center gap-2 text-sm font-medium text-fg-muted">
              <Spinner size="sm" label="Saving outfit" />
              <span aria-hidden="true">Saving...</span>
            </span>
          )}
        </div>
        {phase !== 'missing' && (
          <div className="flex h-14 shrink-0 items-center gap-2">
            <Button
              ref={addRef}
              variant="secondary"
              icon={<Plus aria-hidden="true" className="size-4" />}
              onClick={openPicker}
              disabled={busy}
            >
              Add Clothes
            </Button>
            {items.length > 0 && (
              <Button onClick={() => void save()} disabled={saving || phase !== 'ready'}>
                Save Outfit
              </Button>
            )}
          </div>
        )}
      </header>

      {phase === 'missing' ? (
        <div className="flex flex-1 items-center justify-center p-6">
          <EmptyState
            icon={SearchX}
            title="This outfit is gone"
            description="It may have been deleted on another device. Your other outfits are still in the Outfits tab."
            action={
              <Button variant="secondary" onClick={onClose}>
                Back
              </Button>
            }
          />
        </div>
      ) : (
        <main
          inert={pickerOpen}
          className={
            'relative flex min-h-0 flex-1 items-center gap-4 ' +
            (sideToolbar
              ? 'flex-row justify-center'
              : // Phones: the card at the top, the tools at the bottom within thumb reach.
                'flex-col justify-start pt-2 pb-[calc(1rem+env(safe-area-inset-bottom))] sm:pt-4')
          }
        >
          <div
            className="relative shrink-0 bg-white shadow-float ring-1 ring-black/5 dark:ring-white/10"
            style={{ width: stage.width, height: stage.height }}
          >
            <div className="absolute" style={{ left: -HANDLE_ROOM_PX, top: -HANDLE_ROOM_PX }}>
              <ComposerCanvas
                items={items}
                selectedId={selectedId}
                scale={scale}
                photo={(id) => photos.get(id)}
                label={label}
                onSelect={canvas.select}
                onChange={canvas.change}
                layerRef={layerRef}
              />
            </div>
            {phase === 'ready' && items.length === 0 && adding === 0 && (
              <CanvasHint onAdd={openPicker} />
            )}
            {(phase === 'loading' || adding > 0) && (
              <div className="pointer-events-none absolute inset-0 grid place-items-center bg-white/60 text-stone-500">
                <Spinner
                  size="lg"
                  label={phase === 'loading' ? 'Opening the outfit' : 'Adding pieces'}
                />
              </div>
            )}
            {saving && <div aria-hidden="true" className="absolute inset-0 cursor-wait" />}
          </div>
          <CanvasToolbar
            vertical={sideToolbar}
            mod={isMac() ? '⌘' : 'Ctrl+'}
            canUndo={canvas.canUndo}
            canRedo={canvas.canRedo}
            onUndo={canvas.undo}
            onRedo={canvas.redo}
            disabled={busy}
            selection={
              selected && {
                locked: !!selected.locked,
                atTop: selectedIndex === items.length - 1,
                atBottom: selectedIndex === 0,
                onDelete: () => remove(selected.clothingId),
                onForward: () => canvas.change((l) => moveForward(l, selected.clothingId)),
                onBackward: () => canvas.change((l) => moveBackward(l, selected.clothingId)),
                onToggleLock: () => canvas.change((l) => toggleLock(l, selected.clothingId)),
              }
            }
            className={sideToolbar ? 'shrink-0' : 'mt-auto shrink-0'}
          />
          <PiecesList
            listRef={piecesListRef}
            items={items}
            selectedId={selectedId}
            label={label}
            onSelect={canvas.select}
          />
        </main>
      )}

      {pickerOpen && (
        <div
          ref={pickerScrollRef}
          className="fixed inset-0 z-50 overflow-y-auto overscroll-contain bg-canvas"
        >
          <ItemPicker
            exclude={onCanvas}
            onBack={() => setPickerOpen(false)}
            onAdd={addFromPicker}
            limit={{ room, notice: roomNotice }}
            scrollElement={pickerScrollRef}
          />
        </div>
      )}

      <ConfirmDialog
        open={confirmBack || (blocker.state === 'blocked' && !pickerOpen && !saving)}
        title={outfitId ? 'Discard your changes?' : 'Discard this outfit?'}
        description="What you arranged on the canvas has not been saved. If you leave now, it will be lost."
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        destructive
        onConfirm={discard}
        onCancel={keepEditing}
      />
    </div>
  );
}

function CanvasHint({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 p-8 text-center text-stone-600">
      <span className="grid size-14 place-items-center rounded-full bg-stone-100 text-stone-500">
        <Layers aria-hidden="true" className="size-6" strokeWidth={1.75} />
      </span>
      <div className="flex max-w-64 flex-col gap-1">
        <p className="text-base font-semibold text-stone-900">Start with a piece</p>
        <p className="text-sm leading-6">
          Add clothes, then drag, resize, rotate and layer them into a look.
        </p>
      </div>
      <button
        type="button"
        onClick={onAdd}
        className="inline-flex h-10 items-center gap-2 rounded-full bg-stone-900 px-4 text-sm font-medium text-white transition-colors hover:bg-stone-700"
      >
        <Plus aria-hidden="true" className="size-4" />
        Choose clothes
      </button>
    </div>
  );
}

/**
 * The pieces as an HTML list for screen readers and keyboards: the canvas itself has no
 * accessibility tree. Top of the stack first; choosing one selects it on the canvas.
 */
function PiecesList({
  listRef,
  items,
  selectedId,
  label,
  onSelect,
}: {
  listRef: Ref<HTMLUListElement>;
  items: readonly ComposerItem[];
  selectedId: string | null;
  label: (id: string) => string;
  onSelect: (id: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul
      ref={listRef}
      aria-label="Pieces on the canvas"
      className="sr-only focus-within:not-sr-only focus-within:absolute focus-within:top-4 focus-within:left-4 focus-within:z-20 focus-within:flex focus-within:flex-col focus-within:gap-1 focus-within:rounded-2xl focus-within:border focus-within:border-line focus-within:bg-surface focus-within:p-2 focus-within:text-sm focus-within:shadow-float"
    >
      {[...items].reverse().map((item) => (
        <li key={item.clothingId}>
          <button
            type="button"
            aria-pressed={item.clothingId === selectedId}
            onClick={() => onSelect(item.clothingId)}
            className="w-full rounded-lg px-3 py-1.5 text-left hover:bg-surface-2 aria-pressed:bg-accent-soft aria-pressed:text-accent-ink"
          >
            {label(item.clothingId)}
            {item.locked ? ' (locked)' : ''}
          </button>
        </li>
      ))}
    </ul>
  );
}
