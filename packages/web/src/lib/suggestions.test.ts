import { wearDayKey } from '@hanger/domain';
import { describe, expect, it } from 'vitest';
import { fakeServer, signedInApiHooks } from '../test-utils/fake-server';
import { item, signedInWith, wardrobeOf } from '../test-utils/fixtures';
import { loadSuggestions, missingText, sayNotThis, suggestionsDay } from './suggestions';

describe('the suggestions empty state', () => {
  it('says what to add, in plain words', () => {
    expect(missingText(['shoes'])).toBe('Add a pair of shoes to get suggestions');
    expect(missingText(['top', 'bottom', 'shoes'])).toBe(
      'Add a top, a bottom and a pair of shoes to get suggestions',
    );
    expect(missingText([])).toBe('Add a few pieces to your closet to get suggestions');
  });
});

describe('the day of /suggestions', () => {
  it('reads ?date=, and is today by the wear-day rule otherwise', () => {
    expect(suggestionsDay('2026-03-05')).toBe('2026-03-05');
    expect(suggestionsDay(null)).toBe(wearDayKey());
    expect(suggestionsDay('tomorrow')).toBe(wearDayKey());
  });
});

describe('suggestions without a connection', () => {
  signedInApiHooks();

  it('are computed from the local copy with the domain function, leaving out Not this', async () => {
    signedInWith(
      wardrobeOf([
        item('t1', { category: 'top', status: 'clothes' }),
        item('t2', { category: 'top', status: 'clothes' }),
        item('b1', { category: 'bottom', status: 'clothes' }),
        item('s1', { category: 'shoes', status: 'clothes' }),
        item('w1', { category: 'shoes', status: 'wishlist' }),
      ]),
    );
    fakeServer({
      'GET /api/suggestions': () => {
        throw new TypeError('Failed to fetch');
      },
      'POST /api/suggestions/feedback': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const date = '2026-03-05';
    const { answer, offline } = await loadSuggestions({ date });
    expect(offline).toBe(true);
    // The two outfits the closet can make; never the wishlist pair of shoes.
    expect(answer.suggestions.map((s) => s.key).sort()).toEqual(['b1,s1,t1', 'b1,s1,t2']);
    expect(answer.suggestions.flatMap((s) => s.item_ids)).not.toContain('w1');

    const first = answer.suggestions[0]!;
    expect(await sayNotThis(first.item_ids)).toBe(false);
    const again = await loadSuggestions({ date });
    expect(again.answer.suggestions.map((s) => s.key)).not.toContain(first.key);
  });
});
