/**
 * The item fields a user may edit (camelCase), for forms and update payloads. They live here,
 * neither beside the schemas nor among the edit rules of item-edits.ts, so that the update
 * mappers the web needs on its first load bring neither the schema library nor those rules with
 * them (docs/design.md, Performance targets: initial JS within 150 kB gzip).
 */
export const EDITABLE_ITEM_FIELDS = [
  'category',
  'subCategoryId',
  'status',
  'source',
  'brand',
  'dateObtained',
  'dateArchived',
  'price',
  'currency',
  'soldPrice',
  'soldCurrency',
  'manualTimesWorn',
  'scale',
  'colors',
] as const;
export type EditableItemField = (typeof EDITABLE_ITEM_FIELDS)[number];

/** The outfit fields a user may edit; the canvas changes through POST outfit. */
export const EDITABLE_OUTFIT_FIELDS = ['status', 'manualTimesWorn'] as const;
export type EditableOutfitField = (typeof EDITABLE_OUTFIT_FIELDS)[number];
