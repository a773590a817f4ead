import { categoryFromWire, type Category, type WireCategory } from './categories.js';

/**
 * What makes two subcategories of one category the same: their id, or their names once trimmed
 * and compared ignoring case ("Sneakers" and " sneakers"). The profile's edits (subcategories.ts)
 * refuse such a name, and the server refuses a settings update whose lists hold one.
 */

/** A subcategory name as it is compared. */
export function subcategoryNameKey(name: string): string {
  return name.trim().toLocaleLowerCase();
}

/** What the user is told when a category already has a subcategory of that name. */
export function duplicateSubcategoryMessage(
  name: string,
  category: Category | WireCategory,
): string {
  return `“${name.trim()}” is already a subcategory of ${categoryFromWire(category)}.`;
}

export interface SubcategoryListProblem {
  /** The entry that repeats an earlier one. */
  index: number;
  field: 'id' | 'name';
  message: string;
}

/** The entries of one category's list that repeat an earlier entry's id or name. */
export function subcategoryListProblems(
  list: readonly { id: string; name: string }[],
  category: Category | WireCategory,
): SubcategoryListProblem[] {
  const problems: SubcategoryListProblem[] = [];
  const ids = new Set<string>();
  const names = new Set<string>();
  list.forEach(({ id, name }, index) => {
    if (ids.has(id)) {
      problems.push({
        index,
        field: 'id',
        message: `Two subcategories of ${categoryFromWire(category)} have the id "${id}"`,
      });
    }
    const key = subcategoryNameKey(name);
    if (names.has(key)) {
      problems.push({ index, field: 'name', message: duplicateSubcategoryMessage(name, category) });
    }
    ids.add(id);
    names.add(key);
  });
  return problems;
}
