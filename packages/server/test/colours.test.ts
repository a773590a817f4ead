import { EXPORT_VERSION } from '@hanger/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { sweepItemsAwaitingColours } from '../src/repositories/clothes.js';
import { BACKFILL_BATCH, backfillColourBatch } from '../src/services/colour-backfill.js';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { photo, signUp, type ApiUser } from './helpers/api.js';
import { openExport, rebuildZip, withChangedDoc } from './export-import-fixtures.js';
import { importZip } from './export-import-helpers.js';
import { eventually } from './helpers/jobs.js';

/**
 * Short job settings, so that a worker process takes queued jobs at once, and Redis, so that its
 * writes reach the other process's wardrobe cache as they would behind a balancer.
 */
const FAST_JOBS = {
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  JOB_POLL_SECONDS: '1',
  JOB_RETRY_DELAY_SECONDS: '1',
  JOB_RECOVERY_SECONDS: '3',
};

/** The items processed by each backfill batch a process logged. */
function batchLog(): { stream: Writable; processed: number[] } {
  const processed: number[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { msg?: string; processed?: number };
        if (entry.msg === 'colours: backfill batch done') processed.push(entry.processed ?? 0);
      }
      done();
    },
  });
  return { stream, processed };
}

/** A garment of one colour in the middle of a photo on a plain background, as a JPEG. */
async function garmentPhoto(garment: string, background = '#f2f0ea'): Promise<Buffer> {
  const shirt = await sharp({
    create: { width: 240, height: 300, channels: 3, background: garment },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 480, height: 480, channels: 3, background } })
    .composite([{ input: shirt, left: 120, top: 90 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function patchColours(user: ApiUser, id: string, colors: unknown): Promise<Response> {
  return user.send('PATCH', `/api/clothes/${id}`, { updates: JSON.stringify({ colors }) });
}

describe.each(ENGINES)('colours on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;
  let other: ApiUser;

  beforeAll(async () => {
    // This process works no colour jobs: each test starts the worker process it needs.
    t = await startApp(engine, { env: { COLOUR_BACKFILL: 'off', ...FAST_JOBS } });
    user = await signUp(t);
    other = await signUp(t);
  });
  afterAll(() => t?.close());

  it('finds an item’s colours when its photo is uploaded', async () => {
    const item = await user.addItem({}, await garmentPhoto('#1f2d4f'));
    expect(item.colors).toEqual(['navy']);
    expect((await user.wardrobe()).clothes[item.id]?.colors).toEqual(['navy']);
  });

  it('takes the user’s colours through the item update, main first, and keeps them', async () => {
    const item = await user.addItem({}, await garmentPhoto('#2e7d32'));
    expect(item.colors).toEqual(['green']);
    const response = await patchColours(user, item.id, ['white', 'green']);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ colors: ['white', 'green'] });
    expect((await user.wardrobe()).clothes[item.id]?.colors).toEqual(['white', 'green']);

    // A new photo does not replace a person's choice...
    const replaced = await user.send('PATCH', `/api/clothes/${item.id}/image`, {
      image: photo(await garmentPhoto('#c62f2f')),
    });
    expect(replaced.status).toBe(200);
    expect(((await replaced.json()) as { colors?: unknown }).colors).toBeUndefined();
    expect((await user.wardrobe()).clothes[item.id]?.colors).toEqual(['white', 'green']);

    // ...and removing every colour is a choice too.
    expect((await patchColours(user, item.id, [])).status).toBe(200);
    expect((await user.wardrobe()).clothes[item.id]?.colors).toBeUndefined();
  });

  it('finds new colours when the photo of an item with found colours is replaced', async () => {
    const item = await user.addItem({}, await garmentPhoto('#1f2d4f'));
    const replaced = await user.send('PATCH', `/api/clothes/${item.id}/image`, {
      image: photo(await garmentPhoto('#c62f2f')),
    });
    expect(await replaced.json()).toMatchObject({ colors: ['red'] });
    expect((await user.wardrobe()).clothes[item.id]?.colors).toEqual(['red']);
  });

  it('refuses unknown names, repeats and more than three with a clear message', async () => {
    const item = await user.addItem({}, await garmentPhoto('#1f2d4f'));
    const unknown = await patchColours(user, item.id, ['navy', 'teal']);
    expect(unknown.status).toBe(422);
    const { detail } = (await unknown.json()) as { detail: string };
    expect(detail).toMatch(/Unknown colour "teal": the colours are red, pink, orange/);
    expect((await patchColours(user, item.id, ['red', 'red'])).status).toBe(422);
    expect((await patchColours(user, item.id, ['red', 'pink', 'blue', 'navy'])).status).toBe(422);
    expect((await user.wardrobe()).clothes[item.id]?.colors).toEqual(['navy']);
  });

  it('answers another account’s item like a missing one', async () => {
    const item = await user.addItem({}, await garmentPhoto('#1f2d4f'));
    expect((await patchColours(other, item.id, ['red'])).status).toBe(404);
    expect((await user.wardrobe()).clothes[item.id]?.colors).toEqual(['navy']);
  });

  /** A second server on the same database and photos that works 'colours' jobs. */
  function worker(log?: { stream: Writable }): Promise<TestApp> {
    return startApp(engine, {
      shareWith: t,
      env: { COLOUR_BACKFILL: 'on', ...FAST_JOBS },
      ...(log ? { logger: { level: 'info', stream: log.stream } } : {}),
    });
  }

  async function nothingAwaits(): Promise<void> {
    await eventually(
      async () => (await sweepItemsAwaitingColours(t.app.db, 1)).length === 0,
      60_000,
      'every item to have its colours',
    );
  }

  /** As an upgrade leaves an account's items: never looked at. */
  async function forgetColours(user: ApiUser): Promise<void> {
    await t.app.db
      .updateTable('clothes')
      .set({ colors: null, colors_source: null })
      .where('user_id', '=', user.id)
      .execute();
  }

  it('backfills items without colours on the job queue, and a restart carries on where it stopped', async () => {
    const owner = await signUp(t);
    const ids: string[] = [];
    for (const colour of ['#c62f2f', '#2e7d32', '#f2c230'])
      ids.push((await owner.addItem({}, await garmentPhoto(colour))).id);
    await forgetColours(owner);
    // A process did one batch of two before it stopped.
    expect(await backfillColourBatch(t.app.services, 2)).toEqual({ processed: 2, more: true });
    expect(Object.values((await owner.wardrobe()).clothes).filter((i) => i.colors)).toHaveLength(2);

    // The next start queues the backfill, and its job does only what was left.
    const log = batchLog();
    const restarted = await worker(log);
    try {
      await nothingAwaits();
    } finally {
      await restarted.close();
    }
    expect(log.processed.reduce((a, b) => a + b, 0)).toBe(1);
    const clothes = (await owner.wardrobe()).clothes;
    expect(ids.map((id) => clothes[id]?.colors)).toEqual([['red'], ['green'], ['yellow']]);
  });

  it('works through more than one batch, one job after another', async () => {
    const owner = await signUp(t);
    const first = await owner.addItem({}, await garmentPhoto('#1f2d4f'));
    // More items than one job takes, sharing the first one's photo (written as an import would).
    const row = await t.app.db
      .selectFrom('clothes')
      .selectAll()
      .where('user_id', '=', owner.id)
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    const count = BACKFILL_BATCH + 5;
    for (let i = 1; i < count; i++)
      await t.app.db
        .insertInto('clothes')
        .values({ ...row, id: `${first.id}-${String(i).padStart(3, '0')}` })
        .execute();
    await forgetColours(owner);
    const log = batchLog();
    const process = await worker(log);
    try {
      await nothingAwaits();
    } finally {
      await process.close();
    }
    // Two jobs: the chain queued its own successor.
    expect(log.processed).toEqual([BACKFILL_BATCH, 5]);
    const colours = Object.values((await owner.wardrobe()).clothes).map((i) => i.colors);
    expect(colours).toHaveLength(count);
    expect(colours.every((c) => c?.[0] === 'navy')).toBe(true);
  }, 90_000);

  it('never lets the backfill replace a person’s choice', async () => {
    const owner = await signUp(t);
    const chosen = await owner.addItem({}, await garmentPhoto('#1f2d4f'));
    const found = await owner.addItem({}, await garmentPhoto('#1f2d4f'));
    await forgetColours(owner);
    await patchColours(owner, chosen.id, ['purple']);
    const process = await worker();
    try {
      await nothingAwaits();
    } finally {
      await process.close();
    }
    const clothes = (await owner.wardrobe()).clothes;
    expect(clothes[chosen.id]?.colors).toEqual(['purple']);
    expect(clothes[found.id]?.colors).toEqual(['navy']);
    // A batch run again (a job taken over after a crash) writes nothing over either.
    await patchColours(owner, found.id, ['white']);
    expect(await backfillColourBatch(t.app.services)).toEqual({ processed: 0, more: false });
    expect((await owner.wardrobe()).clothes[found.id]?.colors).toEqual(['white']);
  });

  it('exports colours (since version 2) and imports them; a version 1 file gets them by backfill', async () => {
    const source = await signUp(t);
    const navy = await source.addItem({ brand: 'navy one' }, await garmentPhoto('#1f2d4f'));
    const chosen = await source.addItem({ brand: 'chosen' }, await garmentPhoto('#1f2d4f'));
    await patchColours(source, chosen.id, ['navy', 'white']);
    const { entries, doc } = await openExport(source);
    expect(doc.version).toBe(EXPORT_VERSION);
    const items = doc.items as { id: string; colors: unknown; colors_source: unknown }[];
    expect(items.find((i) => i.id === navy.id)).toMatchObject({
      colors: ['navy'],
      colors_source: 'auto',
    });
    expect(items.find((i) => i.id === chosen.id)).toMatchObject({
      colors: ['navy', 'white'],
      colors_source: 'user',
    });

    const target = await signUp(t);
    await importZip(target, await rebuildZip(entries));
    const imported = Object.values((await target.wardrobe()).clothes);
    expect(imported.map((i) => [i.brand, i.colors]).sort()).toEqual([
      ['chosen', ['navy', 'white']],
      ['navy one', ['navy']],
    ]);

    // The same wardrobe as a version 1 file: no colours in it.
    const v1 = withChangedDoc(entries, doc, (d) => {
      d.version = 1;
      for (const item of d.items as Record<string, unknown>[]) {
        delete item.colors;
        delete item.colors_source;
      }
    });
    const older = await signUp(t);
    await importZip(older, await rebuildZip(v1));
    expect(Object.values((await older.wardrobe()).clothes).map((i) => i.colors)).toEqual([
      undefined,
      undefined,
    ]);
    // The import queued the backfill (this process works no colour jobs): a worker takes it.
    const process = await worker();
    try {
      await nothingAwaits();
    } finally {
      await process.close();
    }
    expect(Object.values((await older.wardrobe()).clothes).map((i) => i.colors)).toEqual([
      ['navy'],
      ['navy'],
    ]);
  });
});
