import { ERROR_TOASTS, SUCCESS_TOASTS, type Settings } from '@hanger/domain';
import { NoUserError, toCatalogueError } from '../api/transport';
import { fetchSettings, putSettings } from '../api/users';
import { useSessionStore } from './session-store';
import { toast } from './toast-store';

/** GET users/settings into the signed-in user; 'Failed to Load Settings' on failure. */
export async function loadSettings(): Promise<void> {
  try {
    const settings = await fetchSettings();
    useSessionStore.getState().setSettings(settings);
  } catch (err) {
    if (err instanceof NoUserError) return;
    toast.error(ERROR_TOASTS.loadSettings, toCatalogueError(err).message);
  }
}

/**
 * Saves the settings: the local copy changes first and is not rolled back on failure (docs/spec.md
 * §4), so the screen never flickers back; the error toast tells the user it did not reach the
 * server.
 */
export async function saveSettings(settings: Settings): Promise<boolean> {
  useSessionStore.getState().setSettings(settings);
  try {
    await putSettings(settings);
    toast.success(SUCCESS_TOASTS.settingsSaved);
    return true;
  } catch (err) {
    if (err instanceof NoUserError) return false;
    toast.error(ERROR_TOASTS.saveSettings, toCatalogueError(err).message);
    return false;
  }
}
