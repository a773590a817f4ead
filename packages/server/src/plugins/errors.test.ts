import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  NotFoundError,
  PayloadTooLargeError,
  UnauthorizedError,
  ValidationError,
} from '../errors.js';
import { SERVER_ERROR_DETAIL, toHttpError } from './errors.js';

function fastifyError(code: string, statusCode: number, message = 'fastify says no') {
  return Object.assign(new Error(message), { code, statusCode });
}

describe('toHttpError', () => {
  it('answers typed errors with their status and message', () => {
    expect(toHttpError(new UnauthorizedError())).toEqual({ status: 401, detail: 'Not signed in' });
    expect(toHttpError(new NotFoundError('gone'))).toEqual({ status: 404, detail: 'gone' });
    expect(toHttpError(new PayloadTooLargeError('big'))).toEqual({ status: 413, detail: 'big' });
    expect(toHttpError(new ValidationError('bad'))).toEqual({ status: 422, detail: 'bad' });
  });

  it('answers schema errors 422 and names the fields', () => {
    const result = z
      .object({ category: z.enum(['top']), price: z.number() })
      .safeParse({ category: 'hat' });
    const error = toHttpError(result.error);
    expect(error.status).toBe(422);
    expect(error.detail).toContain('category');
    expect(error.detail).toContain('price');
  });

  it('maps the framework’s own body errors to 413 and 415', () => {
    expect(toHttpError(fastifyError('FST_REQ_FILE_TOO_LARGE', 413)).status).toBe(413);
    expect(toHttpError(fastifyError('FST_FILES_LIMIT', 413)).status).toBe(413);
    expect(toHttpError(fastifyError('FST_ERR_CTP_BODY_TOO_LARGE', 413)).status).toBe(413);
    expect(toHttpError(fastifyError('FST_ERR_CTP_INVALID_MEDIA_TYPE', 415)).status).toBe(415);
    expect(toHttpError(fastifyError('FST_INVALID_MULTIPART_CONTENT_TYPE', 406)).status).toBe(415);
  });

  it('answers 400, never 500, to a body that cannot be read', () => {
    for (const code of [
      'FST_ERR_CTP_INVALID_JSON_BODY',
      'FST_ERR_CTP_EMPTY_JSON_BODY',
      'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
      'FST_MP_PREMATURE_CLOSE',
      'FST_PROTO_VIOLATION',
      'FST_INVALID_JSON_FIELD_ERROR',
    ]) {
      // Some of these carry 406 or no status at all; the code decides.
      expect(toHttpError(fastifyError(code, 406, 'the framework says why')), code).toEqual({
        status: 400,
        detail: 'the framework says why',
      });
    }
    expect(toHttpError(new BadRequestError())).toEqual({
      status: 400,
      detail: 'The request body could not be read',
    });
  });

  it('keeps other client errors with their status', () => {
    expect(
      toHttpError(fastifyError('FST_ERR_CTP_INVALID_JSON_BODY', 400, 'Body is not valid JSON')),
    ).toEqual({
      status: 400,
      detail: 'Body is not valid JSON',
    });
    expect(
      toHttpError(Object.assign(new Error('Too many requests'), { statusCode: 429 })).status,
    ).toBe(429);
  });

  it('hides everything about an unexpected error', () => {
    const error = new Error('connect ECONNREFUSED 10.0.0.5:5432 at /srv/app/db.js:12');
    expect(toHttpError(error)).toEqual({ status: 500, detail: SERVER_ERROR_DETAIL });
    expect(toHttpError(Object.assign(new Error('boom'), { statusCode: 503 }))).toEqual({
      status: 500,
      detail: SERVER_ERROR_DETAIL,
    });
    expect(toHttpError('a string')).toEqual({ status: 500, detail: SERVER_ERROR_DETAIL });
  });
});
