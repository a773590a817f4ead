import { CURRENCIES } from '@hanger/domain';
import { describe, expect, it } from 'vitest';
import { searchCurrencies } from './currency-search';

const codes = (query: string) => searchCurrencies(query).map((c) => c.code);

describe('searchCurrencies', () => {
  it('lists every currency for a blank search', () => {
    expect(searchCurrencies('  ')).toHaveLength(CURRENCIES.length);
  });

  it('puts the exact code first, then codes starting with it, then names', () => {
    const result = codes('eur');
    expect(result[0]).toBe('EUR');
    expect(codes('u').slice(0, 3)).toEqual(['UAH', 'UGX', 'USD']);
    expect(codes('dollar')).toContain('USD');
    expect(codes('dollar')).not.toContain('EUR');
  });

  it('ignores accents and case in names', () => {
    expect(codes('zloty')).toEqual(['PLN']);
    expect(codes('COLON')).toEqual(['CRC', 'SVC']);
  });

  it('finds nothing for nonsense', () => {
    expect(codes('qqq')).toEqual([]);
  });
});
