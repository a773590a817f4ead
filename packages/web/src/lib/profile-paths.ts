import type { Category } from '@hanger/domain';

/** The anchor of a category's subcategories on the profile, e.g. subcategories-full-body. */
export const subcategoriesAnchor = (category: Category) =>
  `subcategories-${category.replace(/\s+/g, '-')}`;

/** The profile, opened at that category's subcategories (where they are added). */
export const subcategoriesPath = (category: Category) =>
  `/profile#${subcategoriesAnchor(category)}`;
