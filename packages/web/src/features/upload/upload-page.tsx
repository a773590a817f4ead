import {
  CATEGORIES,
  NEW_ITEM_MISSING_MESSAGES,
  SOURCES,
  dayKeyOf,
  itemStatusLabel,
  missingNewItemFields,
  parseAmountInput,
  parseTextInput,
  type Category,
  type ItemStatus,
  type Source,
} from '@hanger/domain';
import { Suspense, lazy, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { UploadScreen } from './upload-screen';
import { Field, Input, Select } from '../../components/field';
import { isMobileDevice } from '../../lib/device';
import { subcategoriesPath } from '../../lib/profile-paths';
import { useSessionStore } from '../../lib/stores/session-store';
import { toast } from '../../lib/stores/toast-store';
import { uploadItems } from '../../lib/stores/upload-actions';
import { AmountInput } from '../../components/currency/amount-input';
import { ChoiceChips } from '../../components/choice-chips';
import { PhotoPicker } from './photo-picker';
import { usePhotoQueue } from './use-photo-queue';
import { useSharedPhotos } from './use-shared-photos';
import { capitalize } from '../../lib/text';

/** Tag a pile: the review grid, loaded when several photos are to be tagged one by one. */
const ReviewGrid = lazy(() => import('./review-grid'));

const TITLES: Record<ItemStatus, string> = {
  clothes: 'Add to closet',
  wishlist: 'Add to wishlist',
  loaned: 'Add loaned items',
  archived: 'Add to archive',
};

const CATEGORY_CHOICES = CATEGORIES.map((c) => ({ value: c, label: capitalize(c) }));
// Where new clothes usually go first; archiving on arrival is rare.
const STATUS_ORDER: readonly ItemStatus[] = ['clothes', 'wishlist', 'loaned', 'archived'];
const STATUS_CHOICES = STATUS_ORDER.map((s) => ({
  value: s,
  label: capitalize(itemStatusLabel(s)),
}));
const NO_SUBCATEGORY = '';

interface FormErrors {
  photo?: string;
  category?: string;
  status?: string;
  brand?: string;
  price?: string;
}

/**
 * /items/upload and the wishlist and loaned variants: photos from the camera or the library,
 * then what they are. Several photos make several items with the same details.
 */
export default function UploadPage({ defaultStatus }: { defaultStatus: ItemStatus }) {
  const navigate = useNavigate();
  const location = useLocation();
  const settings = useSessionStore((s) => s.user?.settings);
  const queue = usePhotoQueue();
  const [offerCamera] = useState(isMobileDevice);

  const [category, setCategory] = useState<Category | ''>('');
  const [subCategoryId, setSubCategoryId] = useState(NO_SUBCATEGORY);
  const [status, setStatus] = useState<ItemStatus>(defaultStatus);
  const [brand, setBrand] = useState('');
  const [source, setSource] = useState<Source | ''>('');
  const [price, setPrice] = useState('');
  const [currency, setCurrency] = useState(settings?.currency ?? 'USD');
  const [dateObtained, setDateObtained] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [uploading, setUploading] = useState(false);
  const [reviewing, setReviewing] = useState(false);

  const photoInput = useRef<HTMLInputElement>(null);
  const categoryInput = useRef<HTMLInputElement>(null);
  const statusInput = useRef<HTMLInputElement>(null);
  const brandInput = useRef<HTMLInputElement>(null);
  const priceInput = useRef<HTMLInputElement>(null);

  const subcategories = category && settings ? settings.subcategories[category] : [];
  const parentPath = location.pathname.replace(/\/upload\/?$/, '') || '/items';
  const leave = () =>
    location.key === 'default' ? navigate(parentPath, { replace: true }) : navigate(-1);

  function addPhotos(files: File[]) {
    const skipped = queue.add(files);
    if (skipped > 0) toast.warning('Some files were skipped', 'Only photos can become items.');
    if (files.length > skipped) setErrors((e) => ({ ...e, photo: undefined }));
  }
  // Photos shared to Hanger from another app (Web Share Target) join the queue as if chosen.
  useSharedPhotos(addPhotos);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (uploading) return;
    const pending = queue.photos.filter((p) => p.state !== 'added');
    const missing = missingNewItemFields({ imageCount: pending.length, category, status });
    const parsedBrand = parseTextInput(brand);
    const parsedPrice = parseAmountInput(price, { currency, locale: settings?.locale });
    const next: FormErrors = {
      photo: missing.includes('image') ? NEW_ITEM_MISSING_MESSAGES.image : undefined,
      category: missing.includes('category') ? NEW_ITEM_MISSING_MESSAGES.category : undefined,
      status: missing.includes('status') ? NEW_ITEM_MISSING_MESSAGES.status : undefined,
      brand: parsedBrand.ok ? undefined : parsedBrand.error,
      price: parsedPrice.ok ? undefined : parsedPrice.error,
    };
    setErrors(next);
    const firstInvalid = [
      [next.photo, photoInput],
      [next.category, categoryInput],
      [next.status, statusInput],
      [next.brand, brandInput],
      [next.price, priceInput],
    ].find(([message]) => message) as [string, RefObject<HTMLInputElement | null>] | undefined;
    if (firstInvalid || !category || !parsedBrand.ok || !parsedPrice.ok) {
      firstInvalid?.[1].current?.focus();
      return;
    }

    setUploading(true);
    const fields = {
      category,
      status,
      ...(subCategoryId ? { subCategoryId } : {}),
      ...(parsedBrand.value ? { brand: parsedBrand.value } : {}),
      ...(source ? { source } : {}),
      ...(parsedPrice.value !== undefined ? { price: parsedPrice.value, currency } : {}),
      ...(dateObtained ? { dateObtained } : {}),
    };
    const outcome = await uploadItems(
      fields,
      pending.map((p) => p.file),
      ({ index, state, error }) => {
        const photo = pending[index];
        if (photo) queue.setState(photo.key, state, error);
      },
    );
    setUploading(false);
    if (outcome.failed.length === 0 && outcome.added.length > 0) leave();
    else queue.removeAdded();
  }

  const pendingCount = queue.photos.filter((p) => p.state !== 'added').length;
  const submitLabel = pendingCount > 1 ? `Add ${pendingCount} items` : 'Add item';

  if (reviewing) {
    const parsedBrand = parseTextInput(brand);
    return (
      <Suspense fallback={null}>
        <ReviewGrid
          photos={queue.photos.filter((p) => p.state !== 'added')}
          initial={{
            status,
            ...(category ? { category } : {}),
            ...(category && subCategoryId ? { subCategoryId } : {}),
            ...(parsedBrand.ok && parsedBrand.value ? { brand: parsedBrand.value } : {}),
          }}
          onBack={() => setReviewing(false)}
          onDone={leave}
        />
      </Suspense>
    );
  }

  return (
    <UploadScreen title={TITLES[status]} onBack={leave} width="max-w-5xl">
      <form
        noValidate
        aria-label="New item"
        onSubmit={(e) => void onSubmit(e)}
        className="mx-auto grid max-w-5xl gap-8 px-4 pt-6 pb-32 md:grid-cols-2 md:gap-12 md:px-8 md:pt-8 md:pb-12"
      >
        <PhotoPicker
          photos={queue.photos}
          onAdd={addPhotos}
          onRemove={queue.remove}
          busy={uploading}
          error={errors.photo}
          offerCamera={offerCamera}
          inputRef={photoInput}
        />

        <div className="flex flex-col gap-8">
          <ChoiceChips
            legend="Category"
            choices={CATEGORY_CHOICES}
            value={category}
            firstRef={categoryInput}
            error={errors.category}
            onChange={(c) => {
              setCategory(c);
              setSubCategoryId(NO_SUBCATEGORY);
              setErrors((e) => ({ ...e, category: undefined }));
            }}
          />

          {category && (
            <Field
              label="Subcategory"
              hint={
                subcategories.length === 0 ? (
                  <>
                    No subcategories for {category} yet.{' '}
                    <Link
                      to={subcategoriesPath(category)}
                      className="font-medium text-accent-ink underline-offset-4 hover:underline"
                    >
                      Add them in your profile
                    </Link>
                    .
                  </>
                ) : undefined
              }
            >
              {(control) => (
                <Select
                  {...control}
                  value={subCategoryId}
                  disabled={subcategories.length === 0}
                  onChange={(e) => setSubCategoryId(e.target.value)}
                >
                  <option value={NO_SUBCATEGORY}>None</option>
                  {subcategories.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}

          <ChoiceChips
            legend="Add to"
            choices={STATUS_CHOICES}
            value={status}
            firstRef={statusInput}
            error={errors.status}
            onChange={(s) => {
              setStatus(s);
              setErrors((e) => ({ ...e, status: undefined }));
            }}
          />

          <section
            aria-labelledby="optional-details"
            className="flex flex-col gap-6 border-t border-line pt-8"
          >
            <div>
              <h2 id="optional-details" className="text-base font-semibold tracking-tight">
                Details
              </h2>
              <p className="mt-1 text-sm text-fg-muted">
                Optional. They power cost per wear and your spending stats.
              </p>
            </div>
            <div className="grid gap-6 sm:grid-cols-2">
              <Field label="Brand" error={errors.brand}>
                {(control) => (
                  <Input
                    {...control}
                    ref={brandInput}
                    value={brand}
                    autoComplete="off"
                    placeholder="e.g. Uniqlo"
                    onChange={(e) => setBrand(e.target.value)}
                  />
                )}
              </Field>
              <Field label="Source">
                {(control) => (
                  <Select
                    {...control}
                    value={source}
                    onChange={(e) => setSource(e.target.value as Source | '')}
                  >
                    <option value="">Not specified</option>
                    {SOURCES.map((s) => (
                      <option key={s} value={s}>
                        {capitalize(s)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
            <Field label="Price" error={errors.price}>
              {(control) => (
                <AmountInput
                  {...control}
                  ref={priceInput}
                  amount={price}
                  onAmountChange={setPrice}
                  currency={currency}
                  onCurrencyChange={setCurrency}
                  currencyLabel="Price currency"
                />
              )}
            </Field>
            <Field label="Date obtained">
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={dateObtained}
                  max={dayKeyOf(new Date())}
                  onChange={(e) => setDateObtained(e.target.value)}
                />
              )}
            </Field>
          </section>

          <div
            data-toast-floor="phone-bar"
            className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-canvas/95 px-4 pt-4 pb-[calc(1rem+env(safe-area-inset-bottom))] backdrop-blur md:static md:border-0 md:bg-transparent md:p-0 md:backdrop-blur-none"
          >
            {pendingCount > 1 && !uploading && (
              <Button
                variant="secondary"
                size="lg"
                className="mb-2 w-full"
                onClick={() => setReviewing(true)}
              >
                Review and tag each ({pendingCount})
              </Button>
            )}
            <Button type="submit" size="lg" loading={uploading} className="w-full">
              {uploading ? 'Adding…' : submitLabel}
            </Button>
          </div>
        </div>
      </form>
    </UploadScreen>
  );
}
