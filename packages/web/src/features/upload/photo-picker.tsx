import {
  Camera,
  CircleAlert,
  CircleCheck,
  ImageOff,
  ImagePlus,
  Images,
  Plus,
  X,
} from 'lucide-react';
import { useState, type DragEvent, type ReactNode, type Ref } from 'react';
import { Spinner } from '../../components/spinner';
import type { QueuedPhoto } from './use-photo-queue';

interface PhotoPickerProps {
  photos: QueuedPhoto[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  /** Uploading: the photos can no longer be changed. */
  busy: boolean;
  error?: string | null;
  /** Offer the camera as its own button (phones and tablets). */
  offerCamera: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * What the pickers offer: every image, and HEIC/HEIF by type and by name as well, which some
 * systems' pickers do not count as images. The server decodes iPhone HEIC photos (README, Photos).
 */
export const PHOTO_ACCEPT = 'image/*,image/heic,image/heif,.heic,.heif';

/** An iPhone HEIC/HEIF photo, which most browsers other than Safari cannot draw. */
function isHeif(file: File): boolean {
  return /^image\/hei[cf]/.test(file.type) || /\.(heic|heif)$/i.test(file.name);
}

const PICK_LABEL =
  'relative inline-flex h-10 cursor-pointer items-center justify-center gap-2 rounded-full px-4 text-sm font-medium whitespace-nowrap transition-colors ' +
  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent';

/** A file input styled as a button; the input is the labelled control, as people and tests expect. */
function PickButton({
  label,
  icon,
  tone,
  capture,
  onFiles,
  disabled,
  inputRef,
  children,
}: {
  label: string;
  icon: ReactNode;
  tone: 'primary' | 'secondary';
  capture?: boolean;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  children: ReactNode;
}) {
  return (
    <label
      className={
        PICK_LABEL +
        (tone === 'primary'
          ? ' bg-accent text-on-accent hover:bg-accent-hover'
          : ' border border-line-strong bg-surface text-fg hover:bg-surface-2') +
        (disabled ? ' pointer-events-none opacity-50' : '')
      }
    >
      {icon}
      {children}
      <input
        ref={inputRef}
        type="file"
        accept={PHOTO_ACCEPT}
        aria-label={label}
        multiple={!capture}
        capture={capture ? 'environment' : undefined}
        disabled={disabled}
        className="sr-only"
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          // The same photo chosen again after removing it must fire a change.
          e.target.value = '';
        }}
      />
    </label>
  );
}

function StateBadge({ photo }: { photo: QueuedPhoto }) {
  if (photo.state === 'uploading') {
    return (
      <span className="absolute inset-0 grid place-items-center bg-black/40 text-white">
        <Spinner size="sm" label="Uploading" />
      </span>
    );
  }
  if (photo.state === 'added') {
    return (
      <span className="absolute inset-0 grid place-items-center bg-black/40 text-white">
        <CircleCheck aria-label="Added" className="size-6" />
      </span>
    );
  }
  if (photo.state === 'failed') {
    return (
      <span className="absolute inset-0 grid place-items-center bg-danger/60 text-white">
        <CircleAlert aria-label="Failed" className="size-6" />
      </span>
    );
  }
  return null;
}

/**
 * The photo half of the upload page: a drop zone with camera and library buttons, then a large
 * preview of the chosen photo and a strip of every photo with its upload progress.
 */
export function PhotoPicker({
  photos,
  onAdd,
  onRemove,
  busy,
  error,
  offerCamera,
  inputRef,
}: PhotoPickerProps) {
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const selected = photos.find((p) => p.key === selectedKey) ?? photos[0];

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    if (!busy) onAdd(Array.from(e.dataTransfer.files));
  }
  const dropHandlers = {
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      if (!busy) setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop,
  };

  if (!selected) {
    return (
      <div className="flex flex-col gap-2">
        <div
          {...dropHandlers}
          className={
            'flex aspect-square flex-col items-center justify-center gap-6 rounded-3xl border-2 border-dashed p-6 text-center transition-colors ' +
            (dragging
              ? 'border-accent bg-accent-soft'
              : error
                ? 'border-danger bg-danger-soft/40'
                : 'border-line-strong bg-surface-2')
          }
        >
          <span className="grid size-16 place-items-center rounded-full bg-surface text-fg-muted shadow-sm">
            <ImagePlus aria-hidden="true" className="size-7" strokeWidth={1.5} />
          </span>
          <span>
            <span className="block text-base font-semibold text-fg">
              Add photos of your clothes
            </span>
            <span className="mt-1 block text-sm text-fg-muted">
              One item per photo. Choose several to add several items at once.
            </span>
          </span>
          <span className="flex flex-wrap justify-center gap-2">
            {offerCamera && (
              <PickButton
                label="Take a photo"
                tone="primary"
                capture
                onFiles={onAdd}
                icon={<Camera aria-hidden="true" className="size-4" />}
              >
                Take photo
              </PickButton>
            )}
            <PickButton
              label="Choose photos"
              tone={offerCamera ? 'secondary' : 'primary'}
              onFiles={onAdd}
              inputRef={inputRef}
              icon={<Images aria-hidden="true" className="size-4" />}
            >
              {offerCamera ? 'From library' : 'Choose photos'}
            </PickButton>
          </span>
          <span className="hidden text-xs text-fg-subtle md:block">
            or drop them here · JPEG, PNG, WebP or HEIC
          </span>
        </div>
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    );
  }

  const failed = photos.filter((p) => p.state === 'failed');
  return (
    <div className="flex flex-col gap-4" {...dropHandlers}>
      <div
        className={
          'relative aspect-square overflow-hidden rounded-3xl bg-surface-2 ' +
          (dragging ? 'ring-4 ring-accent' : '')
        }
      >
        <Preview
          key={selected.url}
          url={selected.url}
          alt={`Preview of ${selected.file.name}`}
          className="size-full object-contain"
          note={
            isHeif(selected.file)
              ? 'HEIC photo: this browser cannot show it, Hanger will once it is added.'
              : 'This browser cannot show this photo.'
          }
        />
        {selected.state === 'uploading' && (
          <span className="absolute inset-x-4 bottom-4 flex items-center gap-2 rounded-full bg-black/60 px-4 py-2 text-sm font-medium text-white backdrop-blur">
            <Spinner size="sm" label="Uploading" /> Uploading…
          </span>
        )}
      </div>
      <ol aria-label="Chosen photos" className="flex flex-wrap gap-2">
        {photos.map((photo, i) => (
          <li key={photo.key} className="relative">
            <button
              type="button"
              aria-label={`Show photo ${i + 1}${photo.state === 'waiting' ? '' : `, ${photo.state}`}`}
              aria-current={photo === selected ? 'true' : undefined}
              onClick={() => setSelectedKey(photo.key)}
              className={
                'relative block size-16 overflow-hidden rounded-xl bg-surface-2 ring-offset-2 ring-offset-canvas md:size-20 ' +
                (photo === selected ? 'ring-2 ring-fg' : '')
              }
            >
              <Preview key={photo.url} url={photo.url} alt="" className="size-full object-cover" />
              <StateBadge photo={photo} />
            </button>
            {!busy && photo.state !== 'added' && (
              <button
                type="button"
                aria-label={`Remove photo ${i + 1}`}
                onClick={() => onRemove(photo.key)}
                className="absolute -top-2 -right-2 grid size-6 place-items-center rounded-full border border-line bg-surface text-fg shadow-float hover:bg-surface-2"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            )}
          </li>
        ))}
        {!busy && (
          <li>
            <label
              title="Add more photos"
              className="grid size-16 cursor-pointer place-items-center rounded-xl border-2 border-dashed border-line-strong text-fg-muted transition-colors hover:border-fg-subtle hover:text-fg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent md:size-20"
            >
              <Plus aria-hidden="true" className="size-5" />
              <input
                ref={inputRef}
                type="file"
                accept={PHOTO_ACCEPT}
                multiple
                aria-label="Add more photos"
                className="sr-only"
                onChange={(e) => {
                  onAdd(Array.from(e.target.files ?? []));
                  e.target.value = '';
                }}
              />
            </label>
          </li>
        )}
      </ol>
      <p className="text-sm text-fg-muted" aria-live="polite">
        {photos.length === 1
          ? 'One photo, one item.'
          : `${photos.length} photos — each becomes its own item with the details you choose.`}
      </p>
      {failed.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-danger">
          {failed.map((p) => (
            <li key={p.key}>
              Photo {photos.indexOf(p) + 1} was not added: {p.error}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A chosen file's picture, or, for a file the browser cannot draw (an iPhone HEIC photo outside
 * Safari, or not an image after all), a quiet placeholder instead of the browser's broken-image
 * icon, with `note` under it where there is room. The file is uploaded either way: the server
 * decides what it can read.
 */
function Preview({
  url,
  alt,
  className,
  note,
}: {
  url: string;
  alt: string;
  className: string;
  note?: string;
}) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <span
        role={alt ? 'img' : undefined}
        aria-label={alt ? `${alt}: cannot be shown` : undefined}
        className="flex size-full flex-col items-center justify-center gap-3 bg-surface-2 p-6 text-center text-fg-subtle"
      >
        <ImageOff aria-hidden="true" className={note ? 'size-10' : 'size-6'} strokeWidth={1.5} />
        {note && <span className="max-w-64 text-sm text-fg-muted">{note}</span>}
      </span>
    );
  }
  return <img src={url} alt={alt} className={className} onError={() => setBroken(true)} />;
}
