import { CURRENCIES, type Currency } from '@hanger/domain';

/** Lower case without accents, so "colon" finds "Colón" and "zloty" finds "Złoty". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ł/g, 'l')
    .toLowerCase();
}

const FOLDED = CURRENCIES.map((c) => ({
  currency: c,
  code: c.code.toLowerCase(),
  name: fold(c.name),
}));

/**
 * Currencies matching what was typed: an exact code first, then codes starting with it, then
 * names with a word starting with it, then any other match. Blank shows every currency.
 */
export function searchCurrencies(query: string): Currency[] {
  const q = fold(query.trim());
  if (!q) return [...CURRENCIES];
  const ranked: { currency: Currency; rank: number }[] = [];
  for (const entry of FOLDED) {
    let rank = -1;
    if (entry.code === q) rank = 0;
    else if (entry.code.startsWith(q)) rank = 1;
    else if (entry.name.split(/[\s-]+/).some((word) => word.startsWith(q))) rank = 2;
    else if (entry.name.includes(q)) rank = 3;
    if (rank >= 0) ranked.push({ currency: entry.currency, rank });
  }
  // Array.prototype.sort is stable: equal ranks keep the list's alphabetical order by code.
  return ranked.sort((a, b) => a.rank - b.rank).map((r) => r.currency);
}
