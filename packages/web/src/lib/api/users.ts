import { settingsToWire, type Settings, type WardrobeData } from '@hanger/domain';
import { parseAnswer } from './answers';
import { api } from './transport';

/** The users calls of SPEC §7: the whole wardrobe (GET users) and the settings. */

export async function fetchWardrobe(signal?: AbortSignal): Promise<WardrobeData> {
  return parseAnswer(api.get('/users', { signal }), (p) => p.parseWardrobeAnswer);
}

export async function fetchSettings(signal?: AbortSignal): Promise<Settings> {
  return parseAnswer(api.get('/users/settings', { signal }), (p) => p.parseSettingsAnswer);
}

export async function putSettings(settings: Settings): Promise<void> {
  const wire = {
    ...settingsToWire(settings),
    tracking_start_date: settings.trackingStartDate ?? '',
  };
  const body = new FormData();
  body.set('settings', JSON.stringify(wire));
  await api.put('/users/settings', { body });
}
