import {
  CATEGORIES,
  SOURCES,
  SOURCE_NOT_SPECIFIED,
  categoryChangeEdits,
  formatDay,
  formatMoney,
  itemPriceIn,
  itemSoldPriceIn,
  type Category,
  type ClothingItem,
  type ItemEdits,
  type Settings,
  type Source,
} from '@hanger/domain';
import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { subcategoriesPath } from '../../../lib/profile-paths';
import { updateItem } from '../../../lib/stores/wardrobe-actions';
import { ColourField } from './colour-field';
import { CountEditor, DateEditor, MoneyEditor, TextEditor, type Money } from './field-editors';
import { DetailRow, InlineEdit, InlineSelect } from './inline-edit';
import { capitalize } from '../../../lib/text';

/** Only the edits that change something, so an unchanged Save sends nothing. */
function changesOnly(item: ClothingItem, edits: ItemEdits): ItemEdits {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(edits)) {
    if (item[key as keyof ClothingItem] !== value) out[key] = value;
  }
  return out as ItemEdits;
}

/** A select with the chevron that says it can be changed. */
function SelectCell<T extends string>(props: Parameters<typeof InlineSelect<T>>[0]) {
  return (
    <span className="relative inline-flex items-center">
      <InlineSelect {...props} />
      {!props.disabled && (
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none -ml-1 size-4 shrink-0 text-fg-subtle"
        />
      )}
    </span>
  );
}

/**
 * An amount in its currency (the user's when none is stored), with what it makes in the user's
 * currency beside it when it is another; `noRateNote` says so when no rate converts it.
 */
function MoneyField({
  label,
  placeholder,
  amount,
  currency,
  converted,
  noRateNote = false,
  settings,
  onSave,
}: {
  label: string;
  placeholder: string;
  amount: number | undefined;
  currency: string | undefined;
  converted: number | undefined;
  noRateNote?: boolean;
  settings: Settings;
  onSave: (money: Money | undefined) => void;
}) {
  const money = (value: number, code: string) => formatMoney(value, code, settings.locale);
  const foreign = amount !== undefined && currency && currency !== settings.currency;
  return (
    <InlineEdit
      label={label}
      text={amount === undefined ? '' : money(amount, currency ?? settings.currency)}
      placeholder={placeholder}
      note={
        !foreign
          ? undefined
          : converted !== undefined
            ? `≈ ${money(converted, settings.currency)}`
            : noRateNote
              ? `No rate to convert to ${settings.currency}`
              : undefined
      }
      editor={(done) => (
        <MoneyEditor
          label={label}
          initial={
            amount === undefined ? undefined : { amount, currency: currency ?? settings.currency }
          }
          defaultCurrency={settings.currency}
          done={done}
          onSave={onSave}
        />
      )}
    />
  );
}

/** A day no later than today, shown in the user's locale. */
function DateField({
  label,
  value,
  today,
  locale,
  onSave,
}: {
  label: string;
  value: string | undefined;
  today: string;
  locale: string;
  onSave: (day: string | undefined) => void;
}) {
  return (
    <InlineEdit
      label={label}
      text={value ? formatDay(value, locale) : ''}
      placeholder="Add date"
      editor={(done) => (
        <DateEditor label={label} initial={value} max={today} done={done} onSave={onSave} />
      )}
    />
  );
}

interface DetailFieldsProps {
  item: ClothingItem;
  settings: Settings;
  today: string;
}

/** Every editable field of an item, each changed in place with an optimistic update (docs/spec.md §4). */
export function DetailFields({ item, settings, today }: DetailFieldsProps) {
  const save = (edits: ItemEdits) => {
    const changes = changesOnly(item, edits);
    if (Object.keys(changes).length > 0) void updateItem(item.id, changes);
  };

  const subcategories = settings.subcategories[item.category] ?? [];
  const converted = itemPriceIn(item, settings.currency);
  const convertedSold = itemSoldPriceIn(item, settings.currency);
  const showArchived = item.status === 'archived' || item.dateArchived !== undefined;

  return (
    <dl>
      <DetailRow label="Category">
        <SelectCell<Category>
          label="Category"
          value={item.category}
          options={CATEGORIES.map((c) => ({ value: c, label: capitalize(c) }))}
          onChange={(c) => c && save(categoryChangeEdits(item, c))}
        />
      </DetailRow>
      <DetailRow
        label="Subcategory"
        hint={
          subcategories.length === 0 ? (
            <Link
              to={subcategoriesPath(item.category)}
              className="underline-offset-4 hover:underline"
            >
              Add subcategories in your profile
            </Link>
          ) : undefined
        }
      >
        <SelectCell<string>
          label="Subcategory"
          value={item.subCategoryId ?? ''}
          disabled={subcategories.length === 0}
          options={[
            { value: '', label: 'None' },
            ...subcategories.map((s) => ({ value: s.id, label: s.name })),
          ]}
          onChange={(id) => save({ subCategoryId: id || undefined })}
        />
      </DetailRow>
      <DetailRow label="Source">
        <SelectCell<Source>
          label="Source"
          value={item.source ?? ''}
          options={[
            { value: '', label: capitalize(SOURCE_NOT_SPECIFIED) },
            ...SOURCES.map((s) => ({ value: s, label: capitalize(s) })),
          ]}
          onChange={(s) => save({ source: s || undefined })}
        />
      </DetailRow>
      <ColourField item={item} onSave={(colors) => void updateItem(item.id, { colors })} />
      <InlineEdit
        label="Brand"
        text={item.brand ?? ''}
        placeholder="Add brand"
        editor={(done) => (
          <TextEditor
            label="Brand"
            initial={item.brand}
            placeholder="e.g. Uniqlo"
            done={done}
            onSave={(brand) => save({ brand })}
          />
        )}
      />
      <MoneyField
        label="Price"
        placeholder="Add price"
        amount={item.price}
        currency={item.currency}
        converted={converted}
        noRateNote
        settings={settings}
        onSave={(m) => save({ price: m?.amount, currency: m?.currency })}
      />
      <DateField
        label="Date obtained"
        value={item.dateObtained}
        today={today}
        locale={settings.locale}
        onSave={(dateObtained) => save({ dateObtained })}
      />
      {showArchived && (
        <DateField
          label="Date archived"
          value={item.dateArchived}
          today={today}
          locale={settings.locale}
          onSave={(dateArchived) => save({ dateArchived })}
        />
      )}
      <MoneyField
        label="Sold for"
        placeholder="Not sold"
        amount={item.soldPrice}
        currency={item.soldCurrency}
        converted={convertedSold}
        settings={settings}
        onSave={(m) => save({ soldPrice: m?.amount, soldCurrency: m?.currency })}
      />
      <InlineEdit
        label="Earlier wears"
        hint="Not on the calendar"
        text={item.manualTimesWorn === undefined ? '' : String(item.manualTimesWorn)}
        placeholder="Add"
        editor={(done) => (
          <CountEditor
            label="Earlier wears"
            initial={item.manualTimesWorn}
            done={done}
            onSave={(manualTimesWorn) => save({ manualTimesWorn })}
          />
        )}
      />
    </dl>
  );
}
