import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { canvasEntry, photo, signUp, testJpeg, type ApiUser } from './helpers/api.js';
import { LEVEL, LogCapture, multipartBody } from './helpers/raw.js';

const BOUNDARY = '----hangerTextBoundary0123456789';

/**
 * README, "Malformed and hostile input": PostgreSQL refuses NUL in text; SQLite keeps it. Neither
 * engine may answer 500. Free text with NUL, a lone surrogate or over-long UTF-8 answers 422 and
 * saves nothing; an id holding them answers exactly as a missing id does.
 */
describe.each(ENGINES)('NUL, lone surrogates and over-long UTF-8 on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;
  let other: ApiUser;
  let itemId: string;
  let othersItemId: string;
  let outfitId: string;
  let jpeg: Buffer;
  const logs = new LogCapture();

  // Path segments as a client would send them: percent-encoded NUL, CESU-8 lone surrogate and an
  // over-long NUL, the last two are not UTF-8 at all.
  const BAD_PATH_IDS = ['%00', `abc%00def`, '%ED%A0%80', '%C0%80', '%F0%80%80%80', '%', '%zz'];
  // Longer than any id (MAX_ID), and longer than the router's own limit.
  const LONG_PATH_IDS = ['i'.repeat(201), 'i'.repeat(5000)];
  // The same as strings inside a JSON field or a form field.
  const BAD_IDS = ['\u0000', 'abc\u0000def', '\ud800', 'x\udfff', 'A\uFFFD\uFFFD'];

  beforeAll(async () => {
    t = await startApp(engine, { logger: logs.logger });
    [user, other] = await Promise.all([signUp(t), signUp(t)]);
    jpeg = await testJpeg({ width: 60, height: 80 });
    await user.putSettings({ subcategories: { top: [{ id: 'tee', name: 'T-shirts' }] } });
    itemId = (await user.addItem({ brand: 'Acme' }, jpeg)).id;
    othersItemId = (await other.addItem({}, jpeg)).id;
    outfitId = (await user.addOutfit([itemId])).id;
    const day = await user.putDay('2025-03-14', { clothes: itemId });
    expect(day.status).toBe(200);
  });
  afterAll(() => t?.close());

  /** Status and body of an answer, to compare two answers exactly. */
  async function answer(response: Response): Promise<{ status: number; body: unknown }> {
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  function expectNoServerError(mark: ReturnType<LogCapture['mark']>): void {
    expect(mark.lines().filter((line) => line.level >= LEVEL.error)).toEqual([]);
  }

  describe('ids in the path answer exactly as a missing id', () => {
    const routes: [string, string, () => Record<string, unknown> | undefined][] = [
      ['PATCH', '/api/clothes/{id}', () => ({ updates: '{"brand":"x"}' })],
      ['PATCH', '/api/clothes/{id}/image', () => ({ image: photo(jpeg) })],
      ['DELETE', '/api/clothes/{id}', () => undefined],
      ['PATCH', '/api/outfits/{id}', () => ({ updates: '{"status":"archived"}' })],
      ['DELETE', '/api/outfits/{id}', () => undefined],
      ['DELETE', '/api/calendar/2025-03-14/{id}', () => ({ item_type: 'clothes' })],
    ];

    it.each(routes)('%s %s', async (method, path, fields) => {
      const send = (id: string) =>
        user.send(method, path.replace('{id}', id), fields() as never).then(answer);
      const missing = await send('no-such-id');
      expect(missing.status).toBe(404);
      // Another user's id is a missing id too (the isolation tests cover this at length).
      if (path.startsWith('/api/clothes')) expect(await send(othersItemId)).toEqual(missing);
      for (const id of [...BAD_PATH_IDS, ...LONG_PATH_IDS]) {
        const mark = logs.mark();
        expect(await send(id), id.slice(0, 20)).toEqual(missing);
        expectNoServerError(mark);
      }
      // Without a token, every one of them is refused before anything else, as a missing id is.
      const anonymous = (id: string) =>
        fetch(`${t.baseUrl}${path.replace('{id}', id)}`, { method }).then(answer);
      const anonymousMissing = await anonymous('no-such-id');
      expect(anonymousMissing.status).toBe(401);
      for (const id of BAD_PATH_IDS) expect(await anonymous(id), id).toEqual(anonymousMissing);
    });

    it('left the item, the outfit and the day as they were', async () => {
      const wardrobe = await user.wardrobe();
      expect(wardrobe.clothes[itemId]?.brand).toBe('Acme');
      expect(wardrobe.outfits[outfitId]?.status).not.toBe('archived');
      expect(wardrobe.calendar['2025-03-14']?.clothes).toEqual([itemId]);
    });
  });

  describe('ids in a body answer exactly as a missing id', () => {
    it('in the lists of PUT calendar and its display_item', async () => {
      for (const list of ['clothes', 'outfits'] as const) {
        const missing = await answer(await user.putDay('2025-03-15', { [list]: 'no-such-id' }));
        expect(missing.status).toBe(404);
        for (const id of BAD_IDS) {
          const mark = logs.mark();
          const response = await user.putDay('2025-03-15', {
            [list]: [list === 'clothes' ? itemId : outfitId, id],
          });
          expect(await answer(response), JSON.stringify(id)).toEqual(missing);
          expectNoServerError(mark);
        }
      }
      const notOnDay = await answer(
        await user.putDay('2025-03-14', { display_item: 'no-such-id' }),
      );
      expect(notOnDay.status).toBe(404);
      for (const id of BAD_IDS) {
        const response = await user.putDay('2025-03-14', { display_item: id });
        expect(await answer(response), JSON.stringify(id)).toEqual(notOnDay);
      }
      const wardrobe = await user.wardrobe();
      expect(wardrobe.calendar['2025-03-15']).toBeUndefined();
      expect(wardrobe.calendar['2025-03-14']?.display_item).toBeUndefined();
    });

    it('in the outfit id of POST outfit', async () => {
      const save = (id: string) =>
        user
          .send('POST', '/api/outfit', {
            canvas_data: JSON.stringify([canvasEntry(itemId)]),
            image: photo(jpeg),
            id,
          })
          .then(answer);
      const missing = await save('no-such-outfit');
      expect(missing.status).toBe(404);
      for (const id of BAD_IDS) expect(await save(id), JSON.stringify(id)).toEqual(missing);
      expect(Object.keys((await user.wardrobe()).outfits)).toEqual([outfitId]);
    });

    it('in canvas_data: an entry for an id that cannot exist is dropped like a missing one', async () => {
      for (const id of BAD_IDS) {
        const mark = logs.mark();
        const saved = await user.send('POST', '/api/outfit', {
          canvas_data: JSON.stringify([canvasEntry(itemId, 0), canvasEntry(id, 1)]),
          image: photo(jpeg),
        });
        expect(saved.status, JSON.stringify(id)).toBe(201);
        const outfit = (await saved.json()) as {
          id: string;
          canvas_data: { clothing_id: string }[];
        };
        expect(outfit.canvas_data.map((e) => e.clothing_id)).toEqual([itemId]);
        expect((await user.send('DELETE', `/api/outfits/${outfit.id}`)).status).toBe(204);
        expectNoServerError(mark);
      }
      const alone = (id: string) =>
        user
          .send('POST', '/api/outfit', {
            canvas_data: JSON.stringify([canvasEntry(id)]),
            image: photo(jpeg),
          })
          .then(answer);
      const missing = await alone('no-such-item');
      expect(missing.status).toBe(422);
      for (const id of BAD_IDS) expect(await alone(id), JSON.stringify(id)).toEqual(missing);
    });

    it('in sub_category_id: an unknown subcategory, new or edited', async () => {
      const create = (sub: string) =>
        user
          .send('POST', '/api/clothes', {
            category: 'top',
            status: 'clothes',
            sub_category_id: sub,
            image: photo(jpeg),
          })
          .then(answer);
      const missing = await create('no-such-sub');
      expect(missing.status).toBe(422);
      for (const id of BAD_IDS) expect(await create(id), JSON.stringify(id)).toEqual(missing);
      const edit = (sub: string) =>
        user
          .send('PATCH', `/api/clothes/${itemId}`, {
            updates: JSON.stringify({ sub_category_id: sub }),
          })
          .then(answer);
      const missingEdit = await edit('no-such-sub');
      expect(missingEdit.status).toBe(422);
      for (const id of BAD_IDS) expect(await edit(id), JSON.stringify(id)).toEqual(missingEdit);
    });
  });

  describe('free text answers 422 and saves nothing', () => {
    it('a brand with NUL or a lone surrogate, new or edited', async () => {
      const before = Object.keys((await user.wardrobe()).clothes).length;
      for (const brand of ['Ac\u0000me', '\u0000', 'Acme \ud800', '\udc00']) {
        const mark = logs.mark();
        // A lone surrogate cannot travel as UTF-8 in a form field; in JSON it is an escape.
        const updates = JSON.stringify({ brand });
        expect(updates).toMatch(/\\u(0000|d800|dc00)/);
        const edited = await user.send('PATCH', `/api/clothes/${itemId}`, { updates });
        expect(edited.status, updates).toBe(422);
        const { detail } = (await edited.json()) as { detail: string };
        expect(detail).toMatch(/brand: Text must (not contain NUL|be valid Unicode)/);
        if (!/[\ud800-\udfff]/.test(brand)) {
          const created = await user.send('POST', '/api/clothes', {
            category: 'top',
            status: 'clothes',
            brand,
            image: photo(jpeg),
          });
          expect(created.status).toBe(422);
          expect(((await created.json()) as { detail: string }).detail).toMatch(/NUL/);
        }
        expectNoServerError(mark);
      }
      const wardrobe = await user.wardrobe();
      expect(Object.keys(wardrobe.clothes)).toHaveLength(before);
      expect(wardrobe.clothes[itemId]?.brand).toBe('Acme');
    });

    it('a brand sent as raw over-long UTF-8 (0xC0 0x80) or CESU-8 surrogate bytes', async () => {
      for (const bytes of [
        Buffer.from([0x41, 0xc0, 0x80, 0x42]),
        Buffer.from([0x41, 0xed, 0xa0, 0x80, 0x42]),
        Buffer.from([0x41, 0xe0, 0x80, 0xaf]),
      ]) {
        const body = multipartBody(BOUNDARY, [
          { name: 'category', value: 'top' },
          { name: 'status', value: 'clothes' },
          { name: 'brand', value: bytes },
          { name: 'image', value: jpeg, filename: 'a.jpg', type: 'image/jpeg' },
        ]);
        const response = await user.fetch('/api/clothes', {
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          body: new Uint8Array(body),
        });
        expect(response.status, bytes.toString('hex')).toBe(422);
        expect(((await response.json()) as { detail: string }).detail).toMatch(/UTF-8/);
      }
    });

    it('url-encoded NUL is refused as text, over-long %C0%80 as a body that cannot be read', async () => {
      const nul = await user.sendUrlEncoded('PUT', '/api/users/settings', {
        settings: JSON.stringify({ subcategories: { top: [{ id: 'tee', name: 'T\u0000' }] } }),
      });
      expect(nul.status).toBe(422);
      const overLong = await user.fetch('/api/users/settings', {
        method: 'PUT',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'settings=%7B%22locale%22%3A%22en%C0%80%22%7D',
      });
      expect(overLong.status).toBe(400);
    });

    it('subcategory names and ids in PUT users/settings', async () => {
      for (const bad of ['\u0000', 'Tees\u0000', '\ud800', 'T\uFFFD', 'T\u001b']) {
        for (const sub of [
          { id: 'tee', name: bad },
          { id: `tee${bad}`, name: 'T-shirts' },
        ]) {
          const mark = logs.mark();
          const response = await user.putSettings({ subcategories: { top: [sub] } });
          expect(response.status, JSON.stringify(sub)).toBe(422);
          expect(((await response.json()) as { detail: string }).detail).toMatch(
            /subcategories\.top\.0\.(name|id): Text must/,
          );
          expectNoServerError(mark);
        }
      }
      expect((await user.settings()).subcategories.top).toEqual([{ id: 'tee', name: 'T-shirts' }]);
    });

    it('a locale or currency with NUL', async () => {
      for (const settings of [{ locale: 'en\u0000' }, { currency: 'EU\u0000' }]) {
        expect((await user.putSettings(settings)).status).toBe(422);
      }
      const settings = await user.settings();
      expect(settings.locale).toBe('en');
      expect(settings.currency).toBe('USD');
    });
  });
});
