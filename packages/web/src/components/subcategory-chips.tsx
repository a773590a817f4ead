import type { Category } from '@hanger/domain';
import { useSessionStore } from '../lib/stores/session-store';
import { ChoiceChips } from './choice-chips';

/** The chip that clears the subcategory (a radio needs a value). */
const NONE = '-';

/**
 * The subcategories the user keeps for `category`, as chips after "None"; nothing when the
 * category has none (or none is chosen). `value` and `onChange` speak of a subcategory id,
 * undefined or '' for none.
 */
export function SubcategoryChips({
  category,
  value,
  onChange,
}: {
  category: Category | '';
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const settings = useSessionStore((s) => s.user?.settings);
  const subcategories = category && settings ? (settings.subcategories[category] ?? []) : [];
  if (subcategories.length === 0) return null;
  return (
    <ChoiceChips<string>
      legend="Subcategory"
      choices={[
        { value: NONE, label: 'None' },
        ...subcategories.map((s) => ({ value: s.id, label: s.name })),
      ]}
      value={value || NONE}
      onChange={(v) => onChange(v === NONE ? undefined : v)}
    />
  );
}
