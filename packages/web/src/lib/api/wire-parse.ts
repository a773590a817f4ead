import {
  decodeWardrobeColumns,
  isWardrobeColumns,
  itemFromWire,
  itemPatchFromWire,
  itemPatchResponseSchema,
  outfitFromWire,
  outfitPatchFromWire,
  outfitPatchResponseSchema,
  settingsFromWire,
  wardrobeFromWire,
  wardrobeResponseSchema,
  wireItemSchema,
  wireOutfitSchema,
  wireSettingsSchema,
  type ClothingItem,
  type Outfit,
  type Patch,
  type Settings,
  type WardrobeData,
} from '@hanger/domain';

/**
 * Answers validated with the domain's schemas and read into app records. Loaded on demand (see
 * answers.ts): the schema library is the largest part of the data layer and the first screen of
 * a returning user renders from local data before any answer needs parsing. The schemas are named
 * here rather than through the domain's parseWardrobe & co.: those live beside the mappers the
 * first load needs, and would pull the schema library into it.
 */

/**
 * GET users in either form: the wardrobe in columns (what the app asks for) is first read back
 * into the default maps, then both are checked and mapped alike, so the records are the same.
 */
export function parseWardrobeAnswer(json: unknown): WardrobeData {
  const maps = isWardrobeColumns(json) ? decodeWardrobeColumns(json) : json;
  return wardrobeFromWire(wardrobeResponseSchema.parse(maps));
}

export function parseItemAnswer(json: unknown): ClothingItem {
  return itemFromWire(wireItemSchema.parse(json));
}

export function parseOutfitAnswer(json: unknown): Outfit {
  return outfitFromWire(wireOutfitSchema.parse(json));
}

/** Settings with their defaults filled in; `{}` gives the defaults of docs/spec.md §3. */
export function parseSettingsAnswer(json: unknown): Settings {
  return settingsFromWire(wireSettingsSchema.parse(json));
}

/** A PATCH answer: only the fields that changed; null marks a cleared one. No body is no change. */
export function parseItemPatchAnswer(json: unknown): Patch<ClothingItem> {
  return itemPatchFromWire(itemPatchResponseSchema.parse(json ?? {}));
}

export function parseOutfitPatchAnswer(json: unknown): Patch<Outfit> {
  return outfitPatchFromWire(outfitPatchResponseSchema.parse(json ?? {}));
}
