import { describe, expect, it } from 'vitest';
import {
  calendarIcs,
  escapeIcsText,
  foldIcsLine,
  icsDateTime,
  itemDisplayName,
} from './calendar-ics.js';
import { at, day, item, outfit, settingsWithSubs, TEE, wardrobe } from './testing/fixtures.js';

/** Undo folding (RFC 5545 §3.1) and split into content lines. */
function unfold(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split('\r\n');
}

describe('ics text', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('leaves short lines alone and folds long ones at 75 octets', () => {
    expect(foldIcsLine('SUMMARY:short')).toBe('SUMMARY:short\r\n');
    const long = `DESCRIPTION:${'x'.repeat(200)}`;
    const folded = foldIcsLine(long);
    const lines = folded.split('\r\n').slice(0, -1);
    expect(lines[0]).toHaveLength(75);
    for (const line of lines.slice(1)) {
      expect(line.startsWith(' ')).toBe(true);
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
    expect(unfold(folded)[0]).toBe(long);
  });

  it('never breaks inside a multi-byte character', () => {
    const long = `SUMMARY:${'é'.repeat(60)}👕${'ü'.repeat(40)}`;
    const folded = foldIcsLine(long);
    for (const line of folded.split('\r\n').slice(0, -1)) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      // Each physical line is valid UTF-8 on its own.
      expect(Buffer.from(Buffer.from(line).toString('utf8')).equals(Buffer.from(line))).toBe(true);
    }
    expect(unfold(folded)[0]).toBe(long);
  });

  it('writes UTC date-times', () => {
    expect(icsDateTime(new Date('2025-01-02T03:04:05.678Z'))).toBe('20250102T030405Z');
  });
});

describe('calendar feed', () => {
  const s = settingsWithSubs('top', [TEE]);
  const shirt = item('shirt', { subCategoryId: 'tee', brand: 'Acme; Ltd, Inc' });
  const jeans = item('jeans', { category: 'bottom' });
  const boots = item('boots', { category: 'shoes', brand: 'Stomp' });
  const w = wardrobe([shirt, jeans, boots], [outfit('o1', ['shirt', 'jeans', 'gone'])], {
    '2024-03-02': day(['boots'], ['o1'], 'boots'),
    '2024-03-12': day(['jeans']),
    // Everything on this day was deleted: no event.
    '2024-03-05': day(['deleted-item']),
  });
  const now = at('2024-03-10', 12);
  const text = calendarIcs(w, s, { now, uidSuffix: 'abc123' });
  const lines = unfold(text);

  it('is a VCALENDAR with CRLF line ends and no line over 75 octets', () => {
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.slice(0, 3)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Hanger//Wardrobe calendar//EN',
    ]);
  });

  it('has one all-day event per day, worn or planned, with stable UIDs', () => {
    const events = text.split('BEGIN:VEVENT').length - 1;
    expect(events).toBe(2);
    const first = lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT') + 1);
    expect(first).toEqual([
      'BEGIN:VEVENT',
      'UID:2024-03-02-abc123@hanger',
      `DTSTAMP:${icsDateTime(now)}`,
      'DTSTART;VALUE=DATE:20240302',
      'DTEND;VALUE=DATE:20240303',
      // The starred boots first, then the outfit's items.
      'SUMMARY:Worn: shoes (Stomp)\\, T-shirt (Acme\\; Ltd\\, Inc)\\, bottom',
      'DESCRIPTION:shoes (Stomp)\\nOutfit: T-shirt (Acme\\; Ltd\\, Inc)\\, bottom',
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]);
    expect(lines).toContain('SUMMARY:Planned: bottom');
    expect(lines).toContain('UID:2024-03-12-abc123@hanger');
    expect(lines).toContain('DTSTART;VALUE=DATE:20240312');
    // Same wardrobe a day later: same UIDs.
    const later = calendarIcs(w, s, { now: at('2024-03-11'), uidSuffix: 'abc123' });
    expect(later.match(/UID:[^\r]+/g)).toEqual(text.match(/UID:[^\r]+/g));
  });

  it('holds no links', () => {
    expect(text).not.toMatch(/https?:|\/media\//);
  });

  it('names items by subcategory, else category, with the brand', () => {
    expect(itemDisplayName(shirt, s)).toBe('T-shirt (Acme; Ltd, Inc)');
    expect(itemDisplayName(jeans, s)).toBe('bottom');
  });

  it('is an empty calendar without days', () => {
    const empty = calendarIcs(wardrobe([]), s, { now, uidSuffix: 'x' });
    expect(empty).not.toContain('VEVENT');
    expect(empty).toContain('BEGIN:VCALENDAR\r\n');
  });
});
