import { CATEGORIES, ITEM_STATUSES, itemStatusLabel, type Category, type ItemStatus } from '@hanger/domain';
import { ArrowLeft, ImagePlus } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, IconButton } from '../../components/button';
import { Field, Select } from '../../components/field';
import { addItem } from '../../lib/stores/wardrobe-actions';

const label = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** /items/upload (and the wishlist and loaned variants): a photo, its category and status. */
export default function UploadPage({ defaultStatus }: { defaultStatus: ItemStatus }) {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [category, setCategory] = useState<Category | ''>('');
  const [status, setStatus] = useState<ItemStatus>(defaultStatus);
  const [errors, setErrors] = useState<{ photo?: string; category?: string }>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = {
      photo: file ? undefined : 'Choose a photo of the item.',
      category: category ? undefined : 'Choose a category.',
    };
    setErrors(next);
    if (next.photo || next.category || !category) return;
    setSaving(true);
    const item = await addItem({ category, status }, file);
    setSaving(false);
    if (item) navigate(-1);
  }

  return (
    <div className="min-h-dvh pt-safe pb-safe">
      <header className="sticky top-0 z-30 border-b border-line bg-canvas/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-3xl items-center gap-2 px-4">
          <IconButton label="Back" icon={<ArrowLeft className="size-5" />} onClick={() => navigate(-1)} />
          <h1 className="text-lg font-semibold tracking-tight">Add item</h1>
        </div>
      </header>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mx-auto grid max-w-3xl gap-8 px-4 py-8 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <label
            className={
              'relative grid aspect-square cursor-pointer place-items-center overflow-hidden rounded-3xl border-2 border-dashed bg-surface-2 text-fg-muted transition-colors hover:border-fg-subtle focus-within:outline-2 focus-within:outline-accent ' +
              (errors.photo ? 'border-danger' : 'border-line-strong')
            }
          >
            {preview ? (
              <img src={preview} alt="Selected photo" className="absolute inset-0 size-full object-cover" />
            ) : (
              <span className="flex flex-col items-center gap-2 text-sm font-medium">
                <ImagePlus aria-hidden="true" className="size-8" strokeWidth={1.5} />
                Choose a photo
              </span>
            )}
            <input
              type="file"
              accept="image/*"
              aria-label="Photo"
              className="sr-only"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </label>
          {errors.photo && <p className="text-sm text-danger">{errors.photo}</p>}
        </div>
        <div className="flex flex-col gap-6">
          <Field label="Category" error={errors.category}>
            {(control) => (
              <Select {...control} value={category} onChange={(e) => setCategory(e.target.value as Category)}>
                <option value="" disabled>
                  Choose…
                </option>
                {CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {label(c)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Status">
            {(control) => (
              <Select {...control} value={status} onChange={(e) => setStatus(e.target.value as ItemStatus)}>
                {ITEM_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {label(itemStatusLabel(s))}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" size="lg" loading={saving} className="mt-2">
            Save item
          </Button>
        </div>
      </form>
    </div>
  );
}
