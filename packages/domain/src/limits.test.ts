import { describe, expect, it } from 'vitest';
import { parseTextInput } from './item-edits.js';
import { isStorableText, textProblem } from './limits.js';

describe('textProblem', () => {
  it('names what cannot be stored', () => {
    expect(textProblem('a\u0000b')).toMatch(/NUL/);
    expect(textProblem('a\u001bb')).toMatch(/control/);
    expect(textProblem('a\u007fb')).toMatch(/control/);
    expect(textProblem('\ud83d')).toMatch(/surrogate/);
    expect(textProblem('\ude00 after')).toMatch(/surrogate/);
    expect(textProblem('\ude00\ud83d')).toMatch(/surrogate/);
    expect(textProblem('A\uFFFD\uFFFDB')).toMatch(/UTF-8/);
  });

  it('accepts ordinary text, surrogate pairs and whitespace controls', () => {
    for (const good of ['', 'Uniqlo', '😀', '\ud83d\ude00', 'a\tb\r\nc', 'Zürich', '東京']) {
      expect(textProblem(good), JSON.stringify(good)).toBeUndefined();
      expect(isStorableText(good)).toBe(true);
    }
  });

  it('is what the web forms check too', () => {
    expect(parseTextInput('Acme\u0000')).toEqual({
      ok: false,
      error: 'The text must not contain NUL characters.',
    });
    expect(parseTextInput('  Acme ')).toEqual({ ok: true, value: 'Acme' });
  });
});
