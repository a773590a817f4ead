import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../errors.js';
import { idParam, repairPathEncoding } from './params.js';

describe('idParam', () => {
  it('reads the id, or another named parameter', () => {
    expect(idParam({ id: ' abc ' })).toBe('abc');
    expect(idParam({ date: '2025-01-01', itemId: 'x1' }, { key: 'itemId' })).toBe('x1');
  });

  it('answers 404 for an id that cannot exist', () => {
    for (const id of ['', 'a\u0000b', '\ud800', 'A\uFFFD', 'i'.repeat(201), undefined, 7]) {
      expect(() => idParam({ id }), JSON.stringify(id)).toThrow(NotFoundError);
    }
  });
});

describe('repairPathEncoding', () => {
  it('leaves good paths and every query string alone', () => {
    for (const url of ['/api/clothes/abc', '/api/clothes/%C3%A9t%C3%A9', '/a/%2F/b?x=%ED']) {
      expect(repairPathEncoding(url)).toBe(url);
    }
  });

  it('reads escapes that are not UTF-8 as U+FFFD and a stray % as a percent sign', () => {
    expect(repairPathEncoding('/api/clothes/%ED%A0%80')).toBe(
      '/api/clothes/%EF%BF%BD%EF%BF%BD%EF%BF%BD',
    );
    expect(repairPathEncoding('/api/clothes/a%C0%80b?q=1')).toBe(
      '/api/clothes/a%EF%BF%BD%EF%BF%BDb?q=1',
    );
    expect(repairPathEncoding('/api/clothes/100%')).toBe('/api/clothes/100%25');
    expect(repairPathEncoding('/api/clothes/%zz%ED')).toBe('/api/clothes/%25zz%EF%BF%BD');
    // Whatever comes out decodes.
    expect(() => decodeURIComponent(repairPathEncoding('/x/%E0%A4%A/%2F%FF'))).not.toThrow();
  });
});
