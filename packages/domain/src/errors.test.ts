import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, errorForFailure, errorFromStatus, serverDetailOf } from './errors.js';

describe('errorFromStatus', () => {
  it.each([
    [401, 'UNAUTHORIZED', 'Your session has expired. Please sign in again.'],
    [403, 'FORBIDDEN', "You don't have permission to perform this action."],
    [404, 'NOT_FOUND', 'The requested item was not found.'],
    [413, 'FILE_TOO_LARGE', 'The file is too large. Please choose a smaller file.'],
    [422, 'VALIDATION_ERROR', 'The information provided is invalid. Please check your input.'],
    [400, 'VALIDATION_ERROR', 'The information provided is invalid. Please check your input.'],
    [429, 'VALIDATION_ERROR', 'The information provided is invalid. Please check your input.'],
    [500, 'SERVER_ERROR', 'Something went wrong on our servers. Please try again later.'],
    [503, 'SERVER_ERROR', 'Something went wrong on our servers. Please try again later.'],
    [302, 'SERVER_ERROR', 'Something went wrong on our servers. Please try again later.'],
  ])('maps %i to %s', (status, code, message) => {
    expect(errorFromStatus(status)).toEqual({ code, message });
  });

  it("uses the server's detail instead of the default", () => {
    expect(errorFromStatus(422, 'Price must be positive')).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Price must be positive',
    });
  });

  it('ignores a blank detail', () => {
    expect(errorFromStatus(404, '  ').message).toBe(ERROR_CATALOGUE.NOT_FOUND);
    expect(errorFromStatus(404, null).message).toBe(ERROR_CATALOGUE.NOT_FOUND);
  });
});

describe('errorForFailure', () => {
  it('maps failures without a response', () => {
    expect(errorForFailure('network')).toEqual({
      code: 'NETWORK_ERROR',
      message: 'Unable to connect to the server. Please check your internet connection.',
    });
    expect(errorForFailure('timeout')).toEqual({
      code: 'TIMEOUT',
      message: 'The request took too long to complete. Please try again.',
    });
    expect(errorForFailure('unknown')).toEqual({
      code: 'UNKNOWN_ERROR',
      message: 'An unexpected error occurred. Please try again.',
    });
  });
});

describe('serverDetailOf', () => {
  it('finds detail, message or error text in that order', () => {
    expect(serverDetailOf({ detail: 'a', message: 'b' })).toBe('a');
    expect(serverDetailOf({ message: 'b', error: 'c' })).toBe('b');
    expect(serverDetailOf({ error: 'c' })).toBe('c');
  });

  it('gives nothing for bodies that are not objects with text', () => {
    expect(serverDetailOf('<html>502 Bad Gateway</html>')).toBeUndefined();
    expect(serverDetailOf(null)).toBeUndefined();
    expect(serverDetailOf({ detail: 42 })).toBeUndefined();
  });
});
