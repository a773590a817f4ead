import {
  CATEGORIES,
  MAX_SUBCATEGORY_NAME,
  duplicateSubcategoryMessage,
  type Category,
  type Settings,
  type Subcategory,
} from '@hanger/domain';
import { Check, ChevronDown, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { subcategoriesAnchor } from '../../lib/profile-paths';
import { Button, IconButton } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { Input } from '../../components/field';
import {
  addSubcategoryNamed,
  canAddSubcategory,
  canRenameSubcategory,
  countItemsUsingSubcategory,
  removeSubcategoryEverywhere,
  renameSubcategoryTo,
} from '../../lib/stores/profile-actions';
import { capitalize } from '../../lib/text';
import { ProfileSection } from './profile-section';

function NameError({ error }: { error: string | null }) {
  return (
    error && (
      <p role="alert" className="text-sm text-danger">
        {error}
      </p>
    )
  );
}

function RenameForm({
  category,
  subcategory,
  onDone,
}: {
  category: Category;
  subcategory: Subcategory;
  onDone: () => void;
}) {
  const [name, setName] = useState(subcategory.name);
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (name.trim() === subcategory.name) return onDone();
    if (!name.trim()) return setError('Enter a name.');
    if (!canRenameSubcategory(category, subcategory.id, name))
      return setError(duplicateSubcategoryMessage(name, category));
    // The list shows the new name at once; the save reports itself with a toast.
    onDone();
    void renameSubcategoryTo(category, subcategory.id, name);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      onKeyDown={(e) => e.key === 'Escape' && onDone()}
      className="flex flex-col gap-2 py-2"
    >
      <div className="flex items-center gap-2">
        <Input
          aria-label={`New name for ${subcategory.name}`}
          aria-invalid={error ? true : undefined}
          value={name}
          autoFocus
          maxLength={MAX_SUBCATEGORY_NAME}
          onChange={(e) => setName(e.target.value)}
          className="h-10 min-w-0 flex-1 text-sm"
        />
        <IconButton
          type="submit"
          label="Save name"
          icon={<Check className="size-4" />}
          variant="secondary"
        />
        <IconButton label="Cancel renaming" icon={<X className="size-4" />} onClick={onDone} />
      </div>
      <NameError error={error} />
    </form>
  );
}

function AddForm({ category }: { category: Category }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setError('Enter a name.');
    if (!canAddSubcategory(category, name))
      return setError(duplicateSubcategoryMessage(name, category));
    // Cleared at once, so the next name can be typed while this one is saved.
    setName('');
    setError(null);
    void addSubcategoryNamed(category, name);
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2 pt-2">
      <div className="flex items-center gap-2">
        <Input
          aria-label={`New ${category} subcategory`}
          aria-invalid={error ? true : undefined}
          placeholder={`Add a ${category} subcategory`}
          value={name}
          maxLength={MAX_SUBCATEGORY_NAME}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          className="h-10 min-w-0 flex-1 text-sm"
        />
        <Button
          type="submit"
          variant="secondary"
          icon={<Plus aria-hidden="true" className="size-4" />}
        >
          Add
        </Button>
      </div>
      <NameError error={error} />
    </form>
  );
}

function CategoryCard({
  category,
  list,
  onRemove,
  initiallyOpen,
}: {
  category: Category;
  list: Subcategory[];
  onRemove: (subcategory: Subcategory) => void;
  initiallyOpen: boolean;
}) {
  const [renaming, setRenaming] = useState<string | null>(null);
  return (
    <details
      id={subcategoriesAnchor(category)}
      open={initiallyOpen || undefined}
      className="group scroll-mt-24 border-b border-line last:border-b-0"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-4 hover:bg-surface-2 [&::-webkit-details-marker]:hidden">
        <span className="text-sm font-semibold text-fg">{capitalize(category)}</span>
        <span className="flex items-center gap-2 text-sm text-fg-muted">
          <span className="tabular-nums">{list.length === 0 ? 'None' : list.length}</span>
          <ChevronDown
            aria-hidden="true"
            className="size-4 transition-transform group-open:rotate-180"
          />
        </span>
      </summary>
      <div className="px-6 pb-4">
        {list.length > 0 && (
          <ul aria-label={`${capitalize(category)} subcategories`} className="flex flex-col">
            {list.map((sub) =>
              renaming === sub.id ? (
                <li key={sub.id}>
                  <RenameForm
                    category={category}
                    subcategory={sub}
                    onDone={() => setRenaming(null)}
                  />
                </li>
              ) : (
                <li key={sub.id} className="flex items-center justify-between gap-2 py-1">
                  <span className="min-w-0 truncate text-sm text-fg">{sub.name}</span>
                  <span className="flex shrink-0 items-center">
                    <IconButton
                      label={`Rename ${sub.name}`}
                      icon={<Pencil className="size-4" />}
                      size="sm"
                      onClick={() => setRenaming(sub.id)}
                    />
                    <IconButton
                      label={`Remove ${sub.name}`}
                      icon={<Trash2 className="size-4" />}
                      size="sm"
                      onClick={() => onRemove(sub)}
                      className="hover:text-danger"
                    />
                  </span>
                </li>
              ),
            )}
          </ul>
        )}
        <AddForm category={category} />
      </div>
    </details>
  );
}

/** Subcategories per category (add, rename, remove); removing one clears it on its items. */
export function SubcategoriesSection({ settings }: { settings: Settings }) {
  const { hash } = useLocation();
  const [removing, setRemoving] = useState<{
    category: Category;
    subcategory: Subcategory;
    uses: number;
  } | null>(null);

  return (
    <ProfileSection
      id="subcategories"
      title="Subcategories"
      description="Sort pieces more finely, like T-shirts and shirts within tops."
    >
      <div className="overflow-hidden rounded-3xl border border-line bg-surface">
        {CATEGORIES.map((category) => (
          <CategoryCard
            key={category}
            category={category}
            list={settings.subcategories[category] ?? []}
            initiallyOpen={hash === `#${subcategoriesAnchor(category)}`}
            onRemove={(subcategory) =>
              setRemoving({
                category,
                subcategory,
                uses: countItemsUsingSubcategory(category, subcategory.id),
              })
            }
          />
        ))}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove “${removing.subcategory.name}”?` : 'Remove subcategory?'}
        description={
          removing && removing.uses > 0
            ? `${removing.uses} ${removing.uses === 1 ? 'item uses' : 'items use'} it; ${removing.uses === 1 ? 'it' : 'they'} will have no subcategory.`
            : 'No items use it.'
        }
        confirmLabel="Remove"
        destructive
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing)
            void removeSubcategoryEverywhere(removing.category, removing.subcategory.id);
          setRemoving(null);
        }}
      />
    </ProfileSection>
  );
}
