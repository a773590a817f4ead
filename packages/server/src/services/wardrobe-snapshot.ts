import { settingsFromWire, wardrobeFromWire } from '@hanger/domain';
import type { Settings, WardrobeData, WireWardrobe } from '@hanger/domain';
import type { ServiceContext } from './context.js';
import { readSettings } from './settings.js';
import { wardrobeFor } from './wardrobe.js';

export interface WardrobeSnapshot {
  wardrobe: WardrobeData;
  settings: Settings;
}

/**
 * The account's wardrobe and settings as the domain's records, read from the same cached wardrobe
 * GET /api/users answers, for the exports that compute stats or names with domain functions.
 */
export async function readWardrobeSnapshot(
  ctx: ServiceContext,
  userId: string,
): Promise<WardrobeSnapshot> {
  const [cached, settings] = await Promise.all([
    wardrobeFor(ctx, userId),
    readSettings(ctx.db, userId),
  ]);
  return {
    wardrobe: wardrobeFromWire(JSON.parse(cached.body.toString('utf8')) as WireWardrobe),
    settings: settingsFromWire(settings),
  };
}
