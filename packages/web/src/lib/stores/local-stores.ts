import { useClothesFilters, useOutfitsFilters } from './filters-store';
import { useSessionStore } from './session-store';
import { useUiPrefsStore } from './ui-prefs-store';
import { useWardrobeStore } from './wardrobe-store';

/** Empties every store and what it persisted: on sign-out nothing of the user stays behind. */
export function resetLocalStores(byUser = false): void {
  useSessionStore.getState().reset(byUser);
  useWardrobeStore.getState().reset();
  useUiPrefsStore.getState().reset();
  useClothesFilters.getState().reset();
  useOutfitsFilters.getState().reset();
  useSessionStore.persist.clearStorage();
  useUiPrefsStore.persist.clearStorage();
  useClothesFilters.persist.clearStorage();
  useOutfitsFilters.persist.clearStorage();
  useWardrobeStore.persist.clearStorage();
}
