import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settings, signedInWith } from '../../test-utils/fixtures';
import { fakeServer, json } from '../../test-utils/fake-server';
import { clearAccessToken } from '../access-token';
import { useSessionStore } from './session-store';
import { loadSettings, saveSettings } from './settings-actions';
import { useToastStore } from './toast-store';

const toasts = () => useToastStore.getState().toasts.map((t) => [t.type, t.title, t.message]);

beforeEach(() => {
  clearAccessToken();
  signedInWith({ clothes: {}, outfits: {}, calendar: {} });
});

afterEach(() => {
  useToastStore.getState().clear();
  vi.unstubAllGlobals();
});

describe('settings', () => {
  it('load into the signed-in user, every category present', async () => {
    fakeServer({
      'GET /api/users/settings': () =>
        json({
          locale: 'de',
          currency: 'eur',
          week_start: 1,
          subcategories: { full_body: [{ id: 's1', name: 'Dresses' }] },
        }),
    });
    await loadSettings();
    const loaded = useSessionStore.getState().user?.settings;
    expect(loaded).toMatchObject({
      locale: 'de',
      currency: 'EUR',
      weekStart: 1,
      dataConsent: true,
    });
    expect(loaded?.subcategories['full body']).toEqual([{ id: 's1', name: 'Dresses' }]);
    expect(loaded?.subcategories.shoes).toEqual([]);
  });

  it("say 'Failed to Load Settings' when they cannot be read", async () => {
    fakeServer({ 'GET /api/users/settings': () => json({}, 500) });
    await loadSettings();
    expect(toasts()).toEqual([
      [
        'error',
        'Failed to Load Settings',
        'Something went wrong on our servers. Please try again later.',
      ],
    ]);
  });

  it("save as a multipart `settings` JSON field and say 'Settings Saved'", async () => {
    const server = fakeServer({ 'PUT /api/users/settings': () => json({}) });
    expect(
      await saveSettings({ ...settings, currency: 'GBP', trackingStartDate: '2024-01-01' }),
    ).toBe(true);
    const sent = JSON.parse((server.apiCalls()[0]?.body as FormData).get('settings') as string);
    expect(sent).toMatchObject({
      currency: 'GBP',
      week_start: 1,
      tracking_start_date: '2024-01-01',
      data_consent: true,
    });
    expect(sent.subcategories).toHaveProperty('full_body');
    expect(toasts()).toEqual([['success', 'Settings Saved', undefined]]);
  });

  it('keep the new values locally when saving fails', async () => {
    fakeServer({ 'PUT /api/users/settings': () => json({ detail: 'Unknown currency' }, 422) });
    expect(await saveSettings({ ...settings, currency: 'XYZ' })).toBe(false);
    expect(useSessionStore.getState().user?.settings.currency).toBe('XYZ');
    expect(toasts()).toEqual([['error', 'Failed to Save Settings', 'Unknown currency']]);
  });
});
