import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { photoCacheKey } from '@hanger/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { eventually } from './helpers/jobs.js';
import { S3RVER_CREDENTIALS, startS3rver, type RunningS3rver } from './helpers/s3rver.js';
import { absolute, signUp, testJpeg, type ApiUser } from './helpers/api.js';
import {
  canonical,
  downloadExport,
  importZip,
  uploadImport,
  waitForImport,
} from './export-import-helpers.js';
import { readZip, rebuildZip, seedWardrobe } from './export-import-fixtures.js';

const BUCKET = 'hanger-export-test';

describe.each(ENGINES)('export and import on %s with S3 storage (s3rver)', (engine) => {
  let s3: RunningS3rver;
  let t: TestApp;
  let ada: ApiUser;

  beforeAll(async () => {
    s3 = await startS3rver(BUCKET);
    t = await startApp(engine, {
      env: {
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      },
    });
    ada = await signUp(t);
    await seedWardrobe(ada);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('streams the export from the bucket (no size announced) and imports it back equal', async () => {
    const { zip, link, response } = await downloadExport(ada);
    expect(link.bytes).toBeNull();
    expect(response.headers.get('content-length')).toBeNull();
    const entries = await readZip(zip);
    expect(entries.map((e) => e.name).filter((n) => n.startsWith('photos/'))).toHaveLength(4);
    for (const entry of entries.slice(1)) {
      expect((await sharp(entry.bytes).metadata()).format).toBe('webp');
    }

    const bea = await signUp(t);
    const { status } = await importZip(bea, zip);
    expect(status).toMatchObject({ state: 'done', result: { items: 3, outfits: 1 } });
    expect(canonical(await bea.wardrobe())).toEqual(canonical(await ada.wardrobe()));
    expect(await bea.settings()).toEqual(await ada.settings());

    // Imported photos are in the bucket, under the new account, and load through their links:
    // the app's /media route checks the capability and redirects to a presigned URL.
    const adaCapability = /^\/media\/(m1\.[^/]+)\//.exec(
      Object.values((await ada.wardrobe()).clothes)[0]!.image,
    )![1]!;
    for (const item of Object.values((await bea.wardrobe()).clothes)) {
      expect(item.image.startsWith(`/media/m1.`)).toBe(true);
      const redirect = await fetch(absolute(t.baseUrl, item.image), { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      const location = new URL(redirect.headers.get('location')!);
      expect(location.pathname).toContain(`/${BUCKET}/${bea.id}/`);
      const photo = await fetch(absolute(t.baseUrl, item.image));
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/webp');
      expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(0);
      // Ada's capability does not open Bea's photos.
      const key = photoCacheKey(item.image)!.replace(/^\/media\//, '');
      const crossed = await fetch(absolute(t.baseUrl, `/media/${adaCapability}/${key}`), {
        redirect: 'manual',
      });
      expect(crossed.status).toBe(403);
    }

    const again = await importZip(bea, zip);
    expect(again.status.result).toMatchObject({ items: 0, outfits: 0, skipped: 4 });
    expect(Object.keys((await bea.wardrobe()).clothes)).toHaveLength(3);
  });

  it('keeps a checked upload in the bucket, not on the disk of the process that received it', async () => {
    const { zip } = await downloadExport(ada);
    const cy = await signUp(t);
    const upload = await uploadImport(cy, zip);
    expect(upload.status).toBe(200);
    const { id } = (await upload.json()) as { id: string };
    // Any process may run the import: the zip waits in the store under the account's prefix.
    const key = `${cy.id}/import-${id}.zip`;
    expect(await t.app.storage.get(key)).not.toBeNull();
    const local = await readdir(join(t.dataDir, 'imports')).catch(() => [] as string[]);
    expect(local.filter((name) => name.endsWith('.zip'))).toEqual([]);
    const commit = await cy.fetch(`/api/imports/${id}/commit`, { method: 'POST' });
    expect(commit.status).toBe(202);
    expect((await waitForImport(cy, id)).state).toBe('done');
    // Imported: the upload is gone from the store and from the disk of the process that ran it
    // (the run removes it once its transaction is done, so just after the status says done).
    await uploadsGone(t, [key]);
  });

  it("keeps a spreadsheet's CSV and photos zip in the bucket until its job has run", async () => {
    const dee = await signUp(t);
    const form = new FormData();
    form.append('action', 'import');
    form.append('sheet', new Blob(['brand,category,photo\nS3 shirt,top,a.jpg\n']), 'items.csv');
    const zip = await rebuildZip([{ name: 'a.jpg', bytes: await testJpeg() }]);
    form.append('photos', new Blob([new Uint8Array(zip)]), 'photos.zip');
    const started = await dee.fetch('/api/imports/sheet', { method: 'POST', body: form });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    expect(await waitForImport(dee, id)).toMatchObject({ state: 'done', result: { items: 1 } });
    // Both files waited in the store (any process may run the job) and are gone once it ran.
    const row = await t.app.db
      .selectFrom('data_imports')
      .select(['archive_path', 'photos_path'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      archive_path: `store:${dee.id}/import-${id}.csv`,
      photos_path: `store:${dee.id}/import-${id}.photos.zip`,
    });
    await uploadsGone(t, [`${dee.id}/import-${id}.csv`, `${dee.id}/import-${id}.photos.zip`]);
    expect(Object.values((await dee.wardrobe()).clothes).map((i) => i.brand)).toEqual(['S3 shirt']);
  });
});

/** The uploads `keys` leave the store and the imports folder, soon after the import is done. */
async function uploadsGone(t: TestApp, keys: string[]): Promise<void> {
  await eventually(
    async () => {
      for (const key of keys) {
        const stored = await t.app.storage.get(key);
        if (stored === null) continue;
        if (!Buffer.isBuffer(stored.body)) stored.body.resume(); // drained, not left open
        return false;
      }
      const local = await readdir(join(t.dataDir, 'imports')).catch(() => [] as string[]);
      return local.length === 0;
    },
    10_000,
    'the uploads to be removed',
  );
}
