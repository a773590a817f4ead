import { NO_BRAND_LABEL, OTHER_BRANDS_LABEL, type ShareSlice } from '@hanger/domain';

/**
 * Brand slices in calm, distinct mid-tones that read on both the light and the dark surface;
 * the grouped "other brands" and "None specified" slices are greys, so named brands stand out.
 */
const PALETTE = [
  '#a4472a',
  '#3f6e8c',
  '#c08a3e',
  '#5f7f5a',
  '#8a5a8c',
  '#c46a5a',
  '#4d8f8b',
  '#7a6a58',
  '#b07aa1',
  '#6b7fb8',
  '#9c9a3e',
  '#d08c60',
] as const;
const OTHER_COLOR = '#8f8883';
const NONE_COLOR = '#c9c4bf';

export function brandColor(slice: ShareSlice, index: number): string {
  if (slice.label === OTHER_BRANDS_LABEL) return OTHER_COLOR;
  if (slice.label === NO_BRAND_LABEL) return NONE_COLOR;
  return PALETTE[index % PALETTE.length]!;
}
