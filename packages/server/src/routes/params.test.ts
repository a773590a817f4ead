import { dayKeySchema } from '@hanger/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NotFoundError } from '../errors.js';
import { idParamsSchema, pathIdSchema, repairPathEncoding } from './params.js';
import { validatorCompiler } from './schema-compilers.js';

/** A route's params as the framework validates them: its value, or the error it answers. */
function validateParams(schema: z.ZodType, params: unknown): { value?: unknown; error?: unknown } {
  return validatorCompiler({ schema, method: 'GET', url: '/', httpPart: 'params' })(params) as {
    value?: unknown;
    error?: unknown;
  };
}

const calendarItem = z.object({ date: dayKeySchema, itemId: pathIdSchema });

describe('path ids', () => {
  it('reads the id, or another named parameter', () => {
    expect(validateParams(idParamsSchema, { id: ' abc ' }).value).toEqual({ id: 'abc' });
    expect(validateParams(calendarItem, { date: '2025-01-01', itemId: 'x1' }).value).toEqual({
      date: '2025-01-01',
      itemId: 'x1',
    });
  });

  it('answers 404 for an id that cannot exist', () => {
    for (const id of ['', 'a\u0000b', '\ud800', 'A\uFFFD', 'i'.repeat(201), undefined, 7]) {
      expect(validateParams(idParamsSchema, { id }).error, JSON.stringify(id)).toBeInstanceOf(
        NotFoundError,
      );
    }
  });

  it("answers the other parameters' problems alone when they are wrong too", () => {
    const { error } = validateParams(calendarItem, { date: '2025-02-30', itemId: '' });
    expect(error).toBeInstanceOf(z.ZodError);
    expect((error as z.ZodError).issues.map((issue) => issue.path)).toEqual([['date']]);
    const idOnly = validateParams(calendarItem, { date: '2025-02-28', itemId: 'a\u0000b' });
    expect(idOnly.error).toBeInstanceOf(NotFoundError);
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
