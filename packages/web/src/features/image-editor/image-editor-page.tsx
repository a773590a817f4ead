import { ERROR_TOASTS } from '@hanger/domain';
import {
  CaretsToAxisDashedHorizontal,
  CaretsToAxisDashedVertical,
  ImageOff,
  RotateCcw,
  RotateCw,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { toast } from '../../lib/stores/toast-store';
import { updateItemImage } from '../../lib/stores/wardrobe-actions';
import { useSessionStore } from '../../lib/stores/session-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
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
import { drawView, loadImage, renderEditedPng } from './render-edit';

type Shape = 'free' | 'square';

function ToolButton({
  label,
  icon: Icon,
  onClick,
  disabled,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={
        'flex min-w-16 flex-col items-center gap-1 rounded-xl px-2 py-2 text-xs font-medium transition-colors disabled:opacity-40 ' +
        'text-neutral-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white'
      }
    >
      <Icon aria-hidden="true" className="size-5" />
      {label}
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

/** /items/{id}/edit-image: turn, mirror and crop a clothing photo, then save it as a PNG. */
export default function ImageEditorPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const item = useWardrobeStore((s) => s.data?.clothes[id]);
  // Opened directly, the wardrobe may still be on its way: wait before saying the item is gone.
  const loadingWardrobe = useWardrobeStore((s) => !s.hydrated || s.data === null);
  const syncing = useSessionStore((s) => s.syncing);
  const waiting = loadingWardrobe || syncing;
  const src = item?.image;

  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [state, setState] = useState<EditState>(INITIAL_EDIT);
  const [shape, setShape] = useState<Shape>('free');
  const [saving, setSaving] = useState(false);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);

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

  const view = img ? viewSize(img.naturalWidth, img.naturalHeight, state.rotation) : null;
  const fitted = useFittedSize(stage, view);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !img || fitted.width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(fitted.width * dpr);
    canvas.height = Math.round(fitted.height * dpr);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    drawView(ctx, img, state, canvas.width, canvas.height);
  }, [img, fitted.width, fitted.height, state]);

  // A square crop is square in pixels: in view fractions its shape is height / width.
  const aspect = shape === 'square' && view ? view.height / view.width : undefined;

  function chooseShape(next: Shape) {
    setShape(next);
    if (next === 'square' && view) setState((s) => ({ ...s, crop: centredCrop(view, 1) }));
  }

  async function save() {
    if (!img || saving) return;
    setSaving(true);
    let png: Blob;
    try {
      png = await renderEditedPng(img, state);
    } catch (err) {
      console.error('Hanger: rendering the edited photo failed', err);
      toast.error(
        ERROR_TOASTS.updateImage,
        'This photo cannot be edited in the browser. Please try again later.',
      );
      setSaving(false);
      return;
    }
    const ok = await updateItemImage(id, png);
    setSaving(false);
    if (ok) leave();
  }

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
        <Button onClick={() => void save()} loading={saving} disabled={!img || isUnchanged(state)}>
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
            <canvas
              ref={canvasRef}
              role="img"
              aria-label="The photo as it will be saved"
              style={{ width: fitted.width, height: fitted.height }}
              className="block"
            />
            <CropBox
              crop={state.crop}
              aspect={aspect}
              width={fitted.width}
              height={fitted.height}
              onChange={(crop) => setState((s) => ({ ...s, crop }))}
            />
          </div>
        )}
      </div>

      <div className="flex shrink-0 flex-col items-center gap-4 px-4 pt-4 pb-[calc(1rem+env(safe-area-inset-bottom))]">
        <div className="flex items-center gap-2">
          <div
            role="radiogroup"
            aria-label="Crop shape"
            className="inline-flex rounded-full bg-white/10 p-1"
          >
            {(['free', 'square'] as const).map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={shape === option}
                disabled={!img}
                onClick={() => chooseShape(option)}
                className={
                  'h-8 rounded-full px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40 ' +
                  (shape === option
                    ? 'bg-white text-neutral-900'
                    : 'text-neutral-200 hover:text-white')
                }
              >
                {option === 'free' ? 'Free crop' : 'Square'}
              </button>
            ))}
          </div>
          <button
            type="button"
            disabled={isUnchanged(state)}
            onClick={() => {
              setState(INITIAL_EDIT);
              setShape('free');
            }}
            className="inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-medium text-neutral-200 transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40"
          >
            <Undo2 aria-hidden="true" className="size-4" />
            Reset
          </button>
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
      </div>
    </div>
  );
}
