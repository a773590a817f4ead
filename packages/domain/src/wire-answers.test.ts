import { describe, expect, it } from 'vitest';
import {
  calendarFeedSchema,
  exportLinkSchema,
  importPreviewSchema,
  importStartedSchema,
  importStatusSchema,
  startAnswerSchema,
} from './wire-answers.js';

const user = { id: 'u1', name: 'Ada', email: 'ada@example.com', image: null };

describe('startAnswerSchema', () => {
  it('reads a signed-in answer, its settings completed with the defaults', () => {
    const answer = startAnswerSchema.parse({ user, token: 'a.b.c', settings: { currency: 'EUR' } });
    expect(answer.user).toEqual(user);
    expect(answer.token).toBe('a.b.c');
    expect(answer.settings).toMatchObject({ currency: 'EUR', locale: 'en', week_start: 0 });
  });

  it('reads a signed-out answer and refuses a user without an id', () => {
    expect(startAnswerSchema.parse({ user: null })).toEqual({ user: null });
    expect(startAnswerSchema.safeParse({ user: { ...user, id: '' }, token: 't' }).success).toBe(
      false,
    );
    expect(startAnswerSchema.safeParse({}).success).toBe(false);
  });
});

describe('exportLinkSchema', () => {
  it('reads a link with or without a size', () => {
    const link = { url: '/api/export/t/f.zip', expires_at: '2026-11-23T16:00:00Z', bytes: 12 };
    expect(exportLinkSchema.parse(link)).toEqual(link);
    expect(exportLinkSchema.parse({ ...link, bytes: null }).bytes).toBeNull();
  });

  it('refuses a negative size or an empty URL', () => {
    const link = { url: '/x', expires_at: '2026-11-23T16:00:00Z', bytes: -1 };
    expect(exportLinkSchema.safeParse(link).success).toBe(false);
    expect(exportLinkSchema.safeParse({ ...link, bytes: 1, url: '' }).success).toBe(false);
  });
});

describe('the import answers', () => {
  const preview = {
    id: 'imp1',
    items: 4,
    outfits: 2,
    calendar_days: 9,
    photos: 6,
    already_imported: { items: 1, outfits: 0 },
  };

  it('reads a preview and refuses negative or fractional counts', () => {
    expect(importPreviewSchema.parse(preview)).toEqual(preview);
    expect(importPreviewSchema.safeParse({ ...preview, items: -1 }).success).toBe(false);
    expect(importPreviewSchema.safeParse({ ...preview, photos: 1.5 }).success).toBe(false);
    expect(importPreviewSchema.safeParse({ id: 'imp1', items: 1 }).success).toBe(false);
  });

  it('reads a status with its result and error, and refuses an unknown state', () => {
    const done = {
      id: 'imp1',
      state: 'done',
      done: 6,
      total: 6,
      result: { items: 3, outfits: 2, calendar_days: 9, skipped: 1 },
    };
    expect(importStatusSchema.parse(done)).toEqual(done);
    const failed = { id: 'imp1', state: 'failed', done: 2, total: 6, error: 'Photo 3.' };
    expect(importStatusSchema.parse(failed)).toEqual(failed);
    expect(importStatusSchema.safeParse({ ...failed, state: 'exploded' }).success).toBe(false);
  });

  it('keeps the result kinds it knows', () => {
    const status = importStatusSchema.parse({
      id: 'i',
      state: 'done',
      done: 1,
      total: 1,
      result: { items: 1, note: 'x' },
    });
    expect(status.result).toEqual({ items: 1 });
  });

  it('reads the answer of a commit', () => {
    expect(importStartedSchema.parse({ id: 'i', state: 'running' })).toEqual({
      id: 'i',
      state: 'running',
    });
    expect(importStartedSchema.safeParse({ id: 'i', state: 'done' }).success).toBe(false);
  });
});

describe('calendarFeedSchema', () => {
  it('reads a feed and no feed', () => {
    const feed = { url: 'https://w.example/api/feed/t.ics', created_at: '2026-11-23T15:00:00Z' };
    expect(calendarFeedSchema.parse(feed)).toEqual(feed);
    expect(calendarFeedSchema.parse({ url: null, created_at: null })).toEqual({
      url: null,
      created_at: null,
    });
    expect(calendarFeedSchema.safeParse({ url: '', created_at: null }).success).toBe(false);
  });
});
