import { ERROR_TOASTS } from '@hanger/domain';
import {
  CaretsToAxisDashedHorizontal,
  CaretsToAxisDashedVertical,
  Eraser,
  Image as ImageIcon,
  ImageOff,
  Paintbrush,
  Redo2,
  RotateCcw,
  RotateCw,
  Scissors,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { useCutoutsAvailable } from '../../lib/stores/cutout-poll';
import { toast } from '../../lib/stores/toast-store';
import {
  removeBackground,
  restoreOriginal,
  updateItemImage,
} from '../../lib/stores/wardrobe-actions';
import { useSessionStore } from '../../lib/stores/session-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { canRedo, canUndo, type BrushMode } from './brush-history';
import { CropBox } from './crop-box';
import {
  INITIAL_EDIT,
  centredCrop,
  flipHorizontal,
  flipVertical,
  isUnchanged,
  rotateClockwise,
  rotateCounterClockwise,
  viewSize,
  type EditState,
} from './edit-geometry';
import { canvasPng, drawView, loadImage, renderEditedPng } from './render-edit';
import { TouchUpCanvas } from './touch-up-canvas';
import { useTouchUp } from './use-touch-up';

type Shape = 'free' | 'square';
type Tab = 'adjust' | 'touchup';

/** Transparency shown as a dark checkerboard, the convention of every image editor. */
const CHECKERBOARD: CSSProperties = {
  backgroundImage: 'repeating-conic-gradient(#3a3633 0% 25%, #2a2624 0% 50%)',
  backgroundSize: '20px 20px',
};

/** Brush diameters on screen, CSS pixels. */
const BRUSH_MIN = 8;
const BRUSH_MAX = 96;
const BRUSH_DEFAULT = 32;

/** A row of choices read out as radio buttons, drawn as one pill. */
function PillChoice<T extends string>({
  label,
  options,
  value,
  onChange,
  disabled,
}: {
  label: string;
  options: readonly { value: T; label: string; icon?: LucideIcon; disabled?: boolean }[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex rounded-full bg-white/10 p-1">
      {options.map(({ value: option, label: text, icon: Icon, disabled: off }) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={value === option}
          disabled={disabled || off}
          onClick={() => onChange(option)}
          className={
            'inline-flex h-8 items-center gap-1.5 rounded-full px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40 ' +
            (value === option ? 'bg-white text-neutral-900' : 'text-neutral-200 hover:text-white')
          }
        >
          {Icon && <Icon aria-hidden="true" className="size-4" />}
          {text}
        </button>
      ))}
    </div>
  );
}

/** A labelled round-cornered action on the dark editor (Reset, Remove background…). */
function PanelButton({
  label,
  icon: Icon,
  onClick,
  disabled,
  busy,
  describedBy,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
  busy?: boolean;
  describedBy?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      aria-describedby={describedBy}
      className="inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-medium text-neutral-200 transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40"
    >
      {busy ? <Spinner label={label} size="sm" /> : <Icon aria-hidden="true" className="size-4" />}
      {label}
    </button>
  );
}

/**
 * A tool of the editor's bar: its icon over its name, or (iconOnly: Undo, Redo) the icon alone
 * with its name for screen readers and as a tooltip.
 */
function ToolButton({
  label,
  icon: Icon,
  onClick,
  disabled,
  iconOnly = false,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
  iconOnly?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
      onClick={onClick}
      disabled={disabled}
      className={
        (iconOnly
          ? 'grid size-10 place-items-center rounded-full '
          : 'flex min-w-16 flex-col items-center gap-1 rounded-xl px-2 py-2 text-xs font-medium ') +
        'text-neutral-200 transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40'
      }
    >
      <Icon aria-hidden="true" className="size-5" />
      {!iconOnly && label}
    </button>
  );
}

/** Room kept around the photo so the crop's corner handles are never cut off. */
const STAGE_MARGIN = 16;

/** Fits the view of the photo inside the stage, keeping its shape. */
function useFittedSize(stage: HTMLElement | null, view: { width: number; height: number } | null) {
  const [box, setBox] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    if (!stage) return;
    const measure = () =>
      setBox({
        width: Math.max(0, stage.clientWidth - 2 * STAGE_MARGIN),
        height: Math.max(0, stage.clientHeight - 2 * STAGE_MARGIN),
      });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [stage]);
  if (!view || box.width === 0 || box.height === 0) return { width: 0, height: 0 };
  const scale = Math.min(box.width / view.width, box.height / view.height);
  return { width: Math.floor(view.width * scale), height: Math.floor(view.height * scale) };
}

/**
 * /items/{id}/edit-image: turn, mirror and crop a clothing photo, then save it as a PNG. Where the
 * server cuts out photos (docs/cutouts.md) it also removes the background, restores the original,
 * and touches a cut-out up with a brush (Erase, and Restore from the original); a turn, crop or
 * flip of a cut-out item is applied to both its cut-out and its original.
 */
export default function ImageEditorPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const item = useWardrobeStore((s) => s.data?.clothes[id]);
  // Opened directly, the wardrobe may still be on its way: wait before saying the item is gone.
  const loadingWardrobe = useWardrobeStore((s) => !s.hydrated || s.data === null);
  const syncing = useSessionStore((s) => s.syncing);
  const available = useCutoutsAvailable();
  const waiting = loadingWardrobe || syncing;
  const src = item?.image;
  // A cut-out item: what it shows is the cut-out, and the original is kept beside it.
  const cutoutOf = item?.cutout === 'done' ? item.original : undefined;

  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [state, setState] = useState<EditState>(INITIAL_EDIT);
  const [shape, setShape] = useState<Shape>('free');
  const [saving, setSaving] = useState(false);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const [tab, setTab] = useState<Tab>('adjust');
  const [brush, setBrush] = useState<BrushMode>('erase');
  const [brushSize, setBrushSize] = useState(BRUSH_DEFAULT);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState<'remove' | 'restore' | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const hintId = useId();

  const canTouchUp = available && cutoutOf !== undefined;
  const touchingUp = canTouchUp && tab === 'touchup';
  const touch = useTouchUp(img, cutoutOf, touchingUp);
  const geometryChanged = !isUnchanged(state);
  const changed = geometryChanged || canUndo(touch.history);

  const leave = () =>
    location.key === 'default'
      ? navigate(`/items/${encodeURIComponent(id)}`, { replace: true })
      : navigate(-1);

  useEffect(() => {
    if (!src) return;
    let live = true;
    setLoadFailed(false);
    loadImage(src).then(
      (loaded) => live && setImg(loaded),
      (err: unknown) => {
        console.error('Hanger:', err);
        if (live) setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [src]);

  // Back to cropping when there is no cut-out to touch up (restored, or replaced by a photo).
  useEffect(() => {
    if (!canTouchUp) setTab('adjust');
  }, [canTouchUp]);

  const view = img ? viewSize(img.naturalWidth, img.naturalHeight, state.rotation) : null;
  const fitted = useFittedSize(stage, view);
  // The adjust view draws the cut-out with its touch-ups, when there is one.
  const picture = touch.work ?? img;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !picture || fitted.width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(fitted.width * dpr);
    canvas.height = Math.round(fitted.height * dpr);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    drawView(ctx, picture, state, canvas.width, canvas.height);
  }, [picture, fitted.width, fitted.height, state, touch.version, tab]);

  // A square crop is square in pixels: in view fractions its shape is height / width.
  const aspect = shape === 'square' && view ? view.height / view.width : undefined;

  function chooseShape(next: Shape) {
    setShape(next);
    if (next === 'square' && view) setState((s) => ({ ...s, crop: centredCrop(view, 1) }));
  }

  /** The files of PATCH clothes/{id}/image: the photo, the cut-out, or both (docs/cutouts.md). */
  async function editedFiles(): Promise<[Blob | null, Blob | undefined]> {
    if (!img) throw new Error('No photo');
    if (cutoutOf === undefined || !touch.work)
      return [await renderEditedPng(img, state), undefined];
    if (!geometryChanged) return [null, await canvasPng(touch.work)];
    if (!touch.original) throw new Error('The original photo has not loaded');
    return [await renderEditedPng(touch.original, state), await renderEditedPng(touch.work, state)];
  }

  async function save() {
    if (!img || saving || !changed) return;
    setSaving(true);
    let files: [Blob | null, Blob | undefined];
    try {
      files = await editedFiles();
    } catch (err) {
      console.error('Hanger: rendering the edited photo failed', err);
      toast.error(
        ERROR_TOASTS.updateImage,
        'This photo cannot be edited in the browser. Please try again later.',
      );
      setSaving(false);
      return;
    }
    const ok = await updateItemImage(id, files[0], files[1]);
    setSaving(false);
    if (ok) leave();
  }

  async function cutOut() {
    setBusy('remove');
    await removeBackground(id);
    setBusy(null);
  }

  async function restore() {
    setAsking(false);
    setBusy('restore');
    const ok = await restoreOriginal(id);
    setBusy(null);
    if (ok) {
      setState(INITIAL_EDIT);
      setShape('free');
    }
  }

  const pending = available && item?.cutout === 'pending';
  const showRemove = available && item !== undefined && !pending && cutoutOf === undefined;
  const showRestore = available && cutoutOf !== undefined;

  return (
    <div className="flex h-dvh flex-col bg-neutral-950 pt-safe text-white">
      <header className="flex h-16 shrink-0 items-center justify-between gap-4 px-4">
        <button
          type="button"
          onClick={leave}
          className="rounded-full px-4 py-2 text-sm font-medium text-neutral-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          Cancel
        </button>
        <h1 className="text-base font-semibold">Edit image</h1>
        <Button onClick={() => void save()} loading={saving} disabled={!img || !changed}>
          Save
        </Button>
      </header>

      <div ref={setStage} className="relative min-h-0 flex-1 overflow-hidden">
        {!item && waiting ? (
          <div className="grid h-full place-items-center text-neutral-300">
            <Spinner label="Loading photo" size="lg" />
          </div>
        ) : !item ? (
          <p className="grid h-full place-items-center text-sm text-neutral-300">
            This item isn't in your wardrobe.
          </p>
        ) : loadFailed ? (
          <p className="flex h-full flex-col items-center justify-center gap-2 text-sm text-neutral-300">
            <ImageOff aria-hidden="true" className="size-8" strokeWidth={1.5} />
            The photo could not be loaded.
          </p>
        ) : !img || fitted.width === 0 ? (
          <div className="grid h-full place-items-center text-neutral-300">
            <Spinner label="Loading photo" size="lg" />
          </div>
        ) : (
          <div
            className="absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2"
            style={{ width: fitted.width, height: fitted.height }}
          >
            {touchingUp && touch.work ? (
              <div style={CHECKERBOARD}>
                <TouchUpCanvas
                  work={touch.work}
                  original={touch.original}
                  edit={state}
                  width={fitted.width}
                  height={fitted.height}
                  mode={brush}
                  size={brushSize}
                  version={touch.version}
                  onStroke={touch.addStroke}
                />
              </div>
            ) : (
              <>
                <canvas
                  ref={canvasRef}
                  role="img"
                  aria-label="The photo as it will be saved"
                  style={{
                    width: fitted.width,
                    height: fitted.height,
                    ...(touch.work ? CHECKERBOARD : {}),
                  }}
                  className="block"
                />
                <CropBox
                  crop={state.crop}
                  aspect={aspect}
                  width={fitted.width}
                  height={fitted.height}
                  onChange={(crop) => setState((s) => ({ ...s, crop }))}
                />
              </>
            )}
          </div>
        )}
        {pending && (
          <p
            role="status"
            className="absolute top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-2 rounded-full bg-white/15 px-4 py-2 text-sm font-medium text-white backdrop-blur"
          >
            <Scissors aria-hidden="true" className="size-4" />
            Cutting out…
          </p>
        )}
      </div>

      <div className="flex shrink-0 flex-col items-center gap-4 px-4 pt-4 pb-[calc(1rem+env(safe-area-inset-bottom))]">
        {canTouchUp && (
          <PillChoice
            label="Editing"
            value={tab}
            onChange={setTab}
            disabled={!img}
            options={[
              { value: 'adjust', label: 'Crop & rotate' },
              { value: 'touchup', label: 'Touch up' },
            ]}
          />
        )}
        {touchingUp ? (
          <>
            <div className="flex flex-wrap items-center justify-center gap-2">
              <PillChoice
                label="Brush"
                value={brush}
                onChange={setBrush}
                options={[
                  { value: 'erase', label: 'Erase', icon: Eraser },
                  {
                    value: 'restore',
                    label: 'Restore',
                    icon: Paintbrush,
                    disabled: !touch.original,
                  },
                ]}
              />
              <div className="flex items-center">
                <ToolButton
                  iconOnly
                  label="Undo"
                  icon={Undo2}
                  disabled={!canUndo(touch.history)}
                  onClick={touch.undo}
                />
                <ToolButton
                  iconOnly
                  label="Redo"
                  icon={Redo2}
                  disabled={!canRedo(touch.history)}
                  onClick={touch.redo}
                />
              </div>
            </div>
            <label className="flex w-full max-w-sm items-center gap-3 text-sm text-neutral-200">
              <span className="shrink-0">Brush size</span>
              <input
                type="range"
                min={BRUSH_MIN}
                max={BRUSH_MAX}
                step={1}
                value={brushSize}
                onChange={(e) => setBrushSize(Number(e.target.value))}
                className="h-10 min-w-0 flex-1 accent-white"
              />
              <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center">
                <span
                  className="rounded-full border-2 border-white"
                  style={{ width: brushSize * 0.4 + 4, height: brushSize * 0.4 + 4 }}
                />
              </span>
            </label>
          </>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-center gap-2">
              <PillChoice
                label="Crop shape"
                value={shape}
                onChange={chooseShape}
                disabled={!img}
                options={[
                  { value: 'free', label: 'Free crop' },
                  { value: 'square', label: 'Square' },
                ]}
              />
              <PanelButton
                label="Reset"
                icon={Undo2}
                disabled={!geometryChanged}
                onClick={() => {
                  setState(INITIAL_EDIT);
                  setShape('free');
                }}
              />
            </div>
            <div
              role="toolbar"
              aria-label="Edit tools"
              className="flex flex-wrap items-center justify-center gap-1"
            >
              <ToolButton
                label="Rotate left"
                icon={RotateCcw}
                disabled={!img}
                onClick={() => setState(rotateCounterClockwise)}
              />
              <ToolButton
                label="Rotate right"
                icon={RotateCw}
                disabled={!img}
                onClick={() => setState(rotateClockwise)}
              />
              <ToolButton
                label="Flip horizontal"
                icon={CaretsToAxisDashedVertical}
                disabled={!img}
                onClick={() => setState(flipHorizontal)}
              />
              <ToolButton
                label="Flip vertical"
                icon={CaretsToAxisDashedHorizontal}
                disabled={!img}
                onClick={() => setState(flipVertical)}
              />
            </div>
            {(showRemove || showRestore) && (
              <div className="flex flex-col items-center gap-1">
                {showRemove && (
                  <PanelButton
                    label="Remove background"
                    icon={Scissors}
                    busy={busy === 'remove'}
                    disabled={changed}
                    describedBy={changed ? hintId : undefined}
                    onClick={() => void cutOut()}
                  />
                )}
                {showRestore && (
                  <PanelButton
                    label="Restore original"
                    icon={ImageIcon}
                    busy={busy === 'restore'}
                    onClick={() => setAsking(true)}
                  />
                )}
                {showRemove && changed && (
                  <p id={hintId} className="text-xs text-neutral-400">
                    Save or reset your changes first.
                  </p>
                )}
              </div>
            )}
          </>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title="Restore the original photo?"
        description="The cut-out and any touch-ups are removed and the photo shows as it was taken. You can remove the background again at any time."
        confirmLabel="Restore original"
        onConfirm={() => void restore()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
