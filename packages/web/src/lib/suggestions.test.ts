import { wearDayKey } from '@hanger/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, signedInApiHooks } from '../test-utils/fake-server';
import { item, signedInWith, wardrobeOf } from '../test-utils/fixtures';
import { initialOutboxState, useOutbox } from './outbox/state';
import {
  loadSuggestions,
  missingText,
  sayNotThis,
  settleSuggestions,
  suggestionsAtOnce,
  suggestionsDay,
} from './suggestions';

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
  let online = true;
  beforeEach(() => {
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    useOutbox.setState(initialOutboxState());
  });
  afterEach(() => vi.restoreAllMocks());

  const offlineServer = () =>
    fakeServer({
      'GET /api/suggestions': () => {
        throw new TypeError('Failed to fetch');
      },
      'POST /api/suggestions/feedback': () => {
        throw new TypeError('Failed to fetch');
      },
    });

  // Each test its own pieces: a Not this said in one test stays known to this window.
  const closet = (n: number) =>
    signedInWith(
      wardrobeOf([
        item(`t${n}`, { category: 'top', status: 'clothes' }),
        item(`u${n}`, { category: 'top', status: 'clothes' }),
        item(`b${n}`, { category: 'bottom', status: 'clothes' }),
        item(`s${n}`, { category: 'shoes', status: 'clothes' }),
        item(`w${n}`, { category: 'shoes', status: 'wishlist' }),
      ]),
    );

  it('are computed from the local copy with the domain function, leaving out Not this', async () => {
    closet(1);
    const server = offlineServer();
    online = false;
    const date = '2026-03-05';
    const { answer, offline } = await loadSuggestions({ date });
    expect(offline).toBe(true);
    // The two outfits the closet can make; never the wishlist pair of shoes.
    expect(answer.suggestions.map((s) => s.key).sort()).toEqual(['b1,s1,t1', 'b1,s1,u1']);
    expect(answer.suggestions.flatMap((s) => s.item_ids)).not.toContain('w1');

    const first = answer.suggestions[0]!;
    await sayNotThis(first.item_ids);
    // Queued in the outbox (offline: nothing sent), and left out at once.
    expect(useOutbox.getState().entries.map((e) => e.op)).toEqual([
      { kind: 'suggestionFeedback', itemIds: first.item_ids, day: wearDayKey() },
    ]);
    expect(server.calls.filter((c) => c.path === '/api/suggestions/feedback')).toEqual([]);
    const again = await loadSuggestions({ date });
    expect(again.answer.suggestions.map((s) => s.key)).not.toContain(first.key);
  });

  it('leave out the Not this sets waiting in the outbox (as after a reload)', async () => {
    closet(2);
    offlineServer();
    online = false;
    const date = '2026-03-05';
    // A queue read back from the device: only the outbox knows of this Not this.
    useOutbox.setState({
      entries: [
        {
          seq: 1,
          op: { kind: 'suggestionFeedback', itemIds: ['u2', 's2', 'b2'], day: date },
          createdAt: `${date}T08:00:00.000Z`,
          label: '',
        },
      ],
    });
    const { answer } = await loadSuggestions({ date });
    expect(answer.suggestions.map((s) => s.key)).toEqual(['b2,s2,t2']);
    // Once the 30 days are over it may be suggested again.
    const later = await loadSuggestions({ date: '2026-04-05' });
    expect(later.answer.suggestions.map((s) => s.key).sort()).toEqual(['b2,s2,t2', 'b2,s2,u2']);
  });
});

describe('suggestions from the local copy first', () => {
  signedInApiHooks();
  beforeEach(() => useOutbox.setState(initialOutboxState()));
  afterEach(() => vi.restoreAllMocks());

  it('asks the server once to learn the Not this said elsewhere, then computes on the device', async () => {
    signedInWith(
      wardrobeOf([
        item('t9', { category: 'top', status: 'clothes' }),
        item('u9', { category: 'top', status: 'clothes' }),
        item('b9', { category: 'bottom', status: 'clothes' }),
        item('s9', { category: 'shoes', status: 'clothes' }),
      ]),
    );
    const server = fakeServer({
      'GET /api/suggestions': () =>
        json({
          date: '2026-03-05',
          offset: 0,
          next_offset: 0,
          suggestions: [{ key: 'b9,s9,t9', item_ids: ['t9', 'b9', 's9'], reasons: [] }],
          missing: [],
          // Said on another device: this one's copy of the wardrobe does not hold it.
          not_this: [{ key: 'b9,s9,u9', until: '2026-04-01' }],
        }),
    });
    const first = await settleSuggestions({ date: '2026-03-05' });
    expect(first.answer.suggestions.map((s) => s.key)).toEqual(['b9,s9,t9']);
    expect(server.apiCalls()).toHaveLength(1);
    // The same query is shown at once as it was answered.
    expect(suggestionsAtOnce({ date: '2026-03-05' })?.answer).toBe(first.answer);
    // Another day: computed here, leaving out what the server said, without asking again.
    const next = await settleSuggestions({ date: '2026-03-06' });
    expect(next.offline).toBe(false);
    expect(next.answer.suggestions.map((s) => s.key)).toEqual(['b9,s9,t9']);
    expect(server.apiCalls()).toHaveLength(1);
    // After the set's 30 days it may come back.
    const later = await settleSuggestions({ date: '2026-04-02' });
    expect(later.answer.suggestions.map((s) => s.key).sort()).toEqual(['b9,s9,t9', 'b9,s9,u9']);
    expect(server.apiCalls()).toHaveLength(1);
  });
});
