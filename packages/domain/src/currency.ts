/**
 * Money across currencies: a bundled table of rates, conversion and display. The list of
 * currencies with their names (the profile's selector) is in currency-names.ts. Conversion rules
 * are not in the spec: an amount is converted through the table's base currency, and when either
 * rate is missing there is no converted amount at all (a wrong number is worse than none).
 */

/** Units of each currency per one unit of `base`, as of `date` (YYYY-MM-DD). */
export interface RatesTable {
  base: string;
  date: string;
  rates: Record<string, number>;
}

/**
 * Approximate mid-market rates around the start of 2025, bundled so that conversion works
 * offline on a self-hosted box. A deployment that needs current rates supplies its own table
 * (the server's RATES_FILE) in the same shape.
 */
export const BUNDLED_RATES: RatesTable = {
  base: 'USD',
  date: '2025-01-02',
  rates: {
    AED: 3.6725,
    AFN: 70.5,
    ALL: 94.5,
    AMD: 397,
    ANG: 1.79,
    AOA: 912,
    ARS: 1032,
    AUD: 1.61,
    AWG: 1.79,
    AZN: 1.7,
    BAM: 1.89,
    BBD: 2,
    BDT: 121.5,
    BGN: 1.89,
    BHD: 0.376,
    BIF: 2950,
    BMD: 1,
    BND: 1.36,
    BOB: 6.91,
    BRL: 6.18,
    BSD: 1,
    BTN: 85.6,
    BWP: 13.9,
    BYN: 3.27,
    BZD: 2,
    CAD: 1.44,
    CDF: 2840,
    CHF: 0.91,
    CLP: 995,
    CNY: 7.3,
    COP: 4400,
    CRC: 507,
    CUP: 24,
    CVE: 106.5,
    CZK: 24.3,
    DJF: 177.7,
    DKK: 7.2,
    DOP: 61,
    DZD: 135.5,
    EGP: 50.8,
    ERN: 15,
    ETB: 125.5,
    EUR: 0.965,
    FJD: 2.32,
    FKP: 0.8,
    GBP: 0.8,
    GEL: 2.81,
    GHS: 14.7,
    GIP: 0.8,
    GMD: 72,
    GNF: 8630,
    GTQ: 7.71,
    GYD: 209,
    HKD: 7.77,
    HNL: 25.4,
    HTG: 130.5,
    HUF: 397,
    IDR: 16200,
    ILS: 3.65,
    INR: 85.6,
    IQD: 1310,
    IRR: 42100,
    ISK: 139,
    JMD: 157,
    JOD: 0.709,
    JPY: 157.2,
    KES: 129.3,
    KGS: 87,
    KHR: 4020,
    KMF: 475,
    KPW: 900,
    KRW: 1470,
    KWD: 0.308,
    KYD: 0.833,
    KZT: 525,
    LAK: 21900,
    LBP: 89500,
    LKR: 293,
    LRD: 182,
    LSL: 18.8,
    LYD: 4.92,
    MAD: 10.1,
    MDL: 18.4,
    MGA: 4700,
    MKD: 59.4,
    MMK: 2100,
    MNT: 3400,
    MOP: 8,
    MRU: 39.8,
    MUR: 47,
    MVR: 15.4,
    MWK: 1735,
    MXN: 20.5,
    MYR: 4.47,
    MZN: 63.9,
    NAD: 18.8,
    NGN: 1540,
    NIO: 36.8,
    NOK: 11.35,
    NPR: 137,
    NZD: 1.78,
    OMR: 0.385,
    PAB: 1,
    PEN: 3.76,
    PGK: 4.03,
    PHP: 58,
    PKR: 278.5,
    PLN: 4.12,
    PYG: 7800,
    QAR: 3.64,
    RON: 4.8,
    RSD: 113,
    RUB: 110,
    RWF: 1390,
    SAR: 3.75,
    SBD: 8.45,
    SCR: 14.3,
    SDG: 600,
    SEK: 11.05,
    SGD: 1.365,
    SHP: 0.8,
    SLE: 22.7,
    SOS: 571,
    SRD: 35.1,
    SSP: 4500,
    STN: 23.6,
    SVC: 8.75,
    SYP: 13000,
    SZL: 18.8,
    THB: 34.2,
    TJS: 10.9,
    TMT: 3.5,
    TND: 3.19,
    TOP: 2.39,
    TRY: 35.4,
    TTD: 6.78,
    TWD: 32.8,
    TZS: 2450,
    UAH: 42,
    UGX: 3670,
    USD: 1,
    UYU: 43.9,
    UZS: 12900,
    VES: 52,
    VND: 25400,
    VUV: 119,
    WST: 2.82,
    XAF: 633,
    XCD: 2.7,
    XOF: 633,
    XPF: 115,
    YER: 249,
    ZAR: 18.8,
    ZMW: 27.9,
    ZWG: 26.5,
  },
};

function rateOf(code: string, table: RatesTable): number | undefined {
  if (code === table.base) return 1;
  const rate = table.rates[code];
  return rate !== undefined && Number.isFinite(rate) && rate > 0 ? rate : undefined;
}

/**
 * `amount` in `from` expressed in `to`, or undefined when the table lacks either rate. The same
 * currency converts to itself without a table lookup.
 */
export function convert(
  amount: number,
  from: string,
  to: string,
  rates: RatesTable = BUNDLED_RATES,
): number | undefined {
  const source = from.toUpperCase();
  const target = to.toUpperCase();
  if (source === target) return amount;
  const fromRate = rateOf(source, rates);
  const toRate = rateOf(target, rates);
  if (fromRate === undefined || toRate === undefined) return undefined;
  return (amount / fromRate) * toRate;
}

/** Round to cents, the precision prices are entered with. */
export function roundMoney(amount: number): number {
  return roundTo(amount, 2);
}

/** Round to this many decimals (a currency's minor unit, currencyDecimals). */
export function roundTo(amount: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((amount + Number.EPSILON) * factor) / factor;
}

const decimalsByCurrency = new Map<string, number>();

/**
 * The decimals of a currency's minor unit, as Intl knows them: 2 for USD or EUR, 0 for JPY, 3
 * for KWD or BHD. An unknown code counts as 2.
 */
export function currencyDecimals(currency: string): number {
  const code = currency.toUpperCase();
  let decimals = decimalsByCurrency.get(code);
  if (decimals === undefined) {
    try {
      decimals = new Intl.NumberFormat('en', {
        style: 'currency',
        currency: code,
      }).resolvedOptions().maximumFractionDigits!;
    } catch {
      decimals = 2;
    }
    decimalsByCurrency.set(code, decimals);
  }
  return decimals;
}

/** The decimal mark of a locale's numbers: ',' for de or fr, '.' for en. */
export function localeDecimalMark(locale: string): '.' | ',' {
  try {
    const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
    return part?.value === ',' ? ',' : '.';
  } catch {
    return '.';
  }
}

/**
 * Money for display in the user's locale, e.g. "$12.50" or "12,50 €". An unknown currency code
 * falls back to the amount and the code.
 */
export function formatMoney(amount: number, currency: string, locale = 'en'): string {
  const format = moneyFormat(locale, currency);
  return format ? format.format(amount) : `${amount.toFixed(2)} ${currency}`;
}

// One NumberFormat per locale and currency (building one costs far more than using it; price
// captions format every tile drawn); null for a pair Intl refuses.
const moneyFormats = new Map<string, Intl.NumberFormat | null>();

function moneyFormat(locale: string, currency: string): Intl.NumberFormat | null {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      format = null;
    }
    moneyFormats.set(key, format);
  }
  return format;
}
