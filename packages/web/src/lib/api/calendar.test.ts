import { describe, expect, it } from 'vitest';
import { fakeServer, json, signedInApiHooks } from '../../test-utils/fake-server';
import { deleteCalendarEntry, putCalendarDay } from './calendar';

signedInApiHooks();

describe('the calendar calls', () => {
  it('sends ids as repeated multipart fields', async () => {
    const server = fakeServer({ 'PUT /api/calendar/2024-01-05': () => json({}) });
    await putCalendarDay('2024-01-05', { clothes: ['a', 'b'], outfits: ['o'] });
    const body = server.apiCalls()[0]?.body as FormData;
    expect(body.getAll('clothes')).toEqual(['a', 'b']);
    expect(body.getAll('outfits')).toEqual(['o']);
    expect(body.has('display_item')).toBe(false);
  });

  it('sends an empty display_item to clear the star', async () => {
    const server = fakeServer({ 'PUT /api/calendar/2024-01-05': () => json({}) });
    await putCalendarDay('2024-01-05', { displayItem: '' });
    const body = server.apiCalls()[0]?.body as FormData;
    expect(body.get('display_item')).toBe('');
    expect(body.has('clothes')).toBe(false);
  });

  it('deletes one entry with its item_type as a form field', async () => {
    const server = fakeServer({ 'DELETE /api/calendar/2024-01-05/o1': () => json({}) });
    await deleteCalendarEntry('2024-01-05', 'o1', 'outfits');
    expect(String(server.apiCalls()[0]?.body)).toBe('item_type=outfits');
  });

  it('sends both with keepalive, so a reload right after does not cancel them', async () => {
    const server = fakeServer({
      'PUT /api/calendar/2024-01-05': () => json({}),
      'DELETE /api/calendar/2024-01-05/o1': () => json({}),
    });
    await putCalendarDay('2024-01-05', { displayItem: 'a' });
    await deleteCalendarEntry('2024-01-05', 'o1', 'outfits');
    const sent = server.fetchMock.mock.calls
      .filter(([input]) => String(input).includes('/api/calendar/'))
      .map(([, init]) => (init as RequestInit | undefined)?.keepalive);
    expect(sent).toEqual([true, true]);
  });
});
