/**
 * Currencies: the list offered by the profile's selector (SPEC §3, about 160 codes with names),
 * a bundled table of rates and conversion. Conversion rules are not in the spec: an amount is
 * converted through the table's base currency, and when either rate is missing there is no
 * converted amount at all (a wrong number is worse than none).
 */

export interface Currency {
  code: string;
  name: string;
}

/** ISO 4217 codes in circulation, by code. */
export const CURRENCIES: readonly Currency[] = [
  { code: 'AED', name: 'UAE Dirham' },
  { code: 'AFN', name: 'Afghan Afghani' },
  { code: 'ALL', name: 'Albanian Lek' },
  { code: 'AMD', name: 'Armenian Dram' },
  { code: 'ANG', name: 'Netherlands Antillean Guilder' },
  { code: 'AOA', name: 'Angolan Kwanza' },
  { code: 'ARS', name: 'Argentine Peso' },
  { code: 'AUD', name: 'Australian Dollar' },
  { code: 'AWG', name: 'Aruban Florin' },
  { code: 'AZN', name: 'Azerbaijani Manat' },
  { code: 'BAM', name: 'Bosnia-Herzegovina Convertible Mark' },
  { code: 'BBD', name: 'Barbadian Dollar' },
  { code: 'BDT', name: 'Bangladeshi Taka' },
  { code: 'BGN', name: 'Bulgarian Lev' },
  { code: 'BHD', name: 'Bahraini Dinar' },
  { code: 'BIF', name: 'Burundian Franc' },
  { code: 'BMD', name: 'Bermudian Dollar' },
  { code: 'BND', name: 'Brunei Dollar' },
  { code: 'BOB', name: 'Bolivian Boliviano' },
  { code: 'BRL', name: 'Brazilian Real' },
  { code: 'BSD', name: 'Bahamian Dollar' },
  { code: 'BTN', name: 'Bhutanese Ngultrum' },
  { code: 'BWP', name: 'Botswana Pula' },
  { code: 'BYN', name: 'Belarusian Ruble' },
  { code: 'BZD', name: 'Belize Dollar' },
  { code: 'CAD', name: 'Canadian Dollar' },
  { code: 'CDF', name: 'Congolese Franc' },
  { code: 'CHF', name: 'Swiss Franc' },
  { code: 'CLP', name: 'Chilean Peso' },
  { code: 'CNY', name: 'Chinese Yuan' },
  { code: 'COP', name: 'Colombian Peso' },
  { code: 'CRC', name: 'Costa Rican Colón' },
  { code: 'CUP', name: 'Cuban Peso' },
  { code: 'CVE', name: 'Cape Verdean Escudo' },
  { code: 'CZK', name: 'Czech Koruna' },
  { code: 'DJF', name: 'Djiboutian Franc' },
  { code: 'DKK', name: 'Danish Krone' },
  { code: 'DOP', name: 'Dominican Peso' },
  { code: 'DZD', name: 'Algerian Dinar' },
  { code: 'EGP', name: 'Egyptian Pound' },
  { code: 'ERN', name: 'Eritrean Nakfa' },
  { code: 'ETB', name: 'Ethiopian Birr' },
  { code: 'EUR', name: 'Euro' },
  { code: 'FJD', name: 'Fijian Dollar' },
  { code: 'FKP', name: 'Falkland Islands Pound' },
  { code: 'GBP', name: 'British Pound' },
  { code: 'GEL', name: 'Georgian Lari' },
  { code: 'GHS', name: 'Ghanaian Cedi' },
  { code: 'GIP', name: 'Gibraltar Pound' },
  { code: 'GMD', name: 'Gambian Dalasi' },
  { code: 'GNF', name: 'Guinean Franc' },
  { code: 'GTQ', name: 'Guatemalan Quetzal' },
  { code: 'GYD', name: 'Guyanese Dollar' },
  { code: 'HKD', name: 'Hong Kong Dollar' },
  { code: 'HNL', name: 'Honduran Lempira' },
  { code: 'HTG', name: 'Haitian Gourde' },
  { code: 'HUF', name: 'Hungarian Forint' },
  { code: 'IDR', name: 'Indonesian Rupiah' },
  { code: 'ILS', name: 'Israeli New Shekel' },
  { code: 'INR', name: 'Indian Rupee' },
  { code: 'IQD', name: 'Iraqi Dinar' },
  { code: 'IRR', name: 'Iranian Rial' },
  { code: 'ISK', name: 'Icelandic Króna' },
  { code: 'JMD', name: 'Jamaican Dollar' },
  { code: 'JOD', name: 'Jordanian Dinar' },
  { code: 'JPY', name: 'Japanese Yen' },
  { code: 'KES', name: 'Kenyan Shilling' },
  { code: 'KGS', name: 'Kyrgystani Som' },
  { code: 'KHR', name: 'Cambodian Riel' },
  { code: 'KMF', name: 'Comorian Franc' },
  { code: 'KPW', name: 'North Korean Won' },
  { code: 'KRW', name: 'South Korean Won' },
  { code: 'KWD', name: 'Kuwaiti Dinar' },
  { code: 'KYD', name: 'Cayman Islands Dollar' },
  { code: 'KZT', name: 'Kazakhstani Tenge' },
  { code: 'LAK', name: 'Laotian Kip' },
  { code: 'LBP', name: 'Lebanese Pound' },
  { code: 'LKR', name: 'Sri Lankan Rupee' },
  { code: 'LRD', name: 'Liberian Dollar' },
  { code: 'LSL', name: 'Lesotho Loti' },
  { code: 'LYD', name: 'Libyan Dinar' },
  { code: 'MAD', name: 'Moroccan Dirham' },
  { code: 'MDL', name: 'Moldovan Leu' },
  { code: 'MGA', name: 'Malagasy Ariary' },
  { code: 'MKD', name: 'Macedonian Denar' },
  { code: 'MMK', name: 'Myanmar Kyat' },
  { code: 'MNT', name: 'Mongolian Tögrög' },
  { code: 'MOP', name: 'Macanese Pataca' },
  { code: 'MRU', name: 'Mauritanian Ouguiya' },
  { code: 'MUR', name: 'Mauritian Rupee' },
  { code: 'MVR', name: 'Maldivian Rufiyaa' },
  { code: 'MWK', name: 'Malawian Kwacha' },
  { code: 'MXN', name: 'Mexican Peso' },
  { code: 'MYR', name: 'Malaysian Ringgit' },
  { code: 'MZN', name: 'Mozambican Metical' },
  { code: 'NAD', name: 'Namibian Dollar' },
  { code: 'NGN', name: 'Nigerian Naira' },
  { code: 'NIO', name: 'Nicaraguan Córdoba' },
  { code: 'NOK', name: 'Norwegian Krone' },
  { code: 'NPR', name: 'Nepalese Rupee' },
  { code: 'NZD', name: 'New Zealand Dollar' },
  { code: 'OMR', name: 'Omani Rial' },
  { code: 'PAB', name: 'Panamanian Balboa' },
  { code: 'PEN', name: 'Peruvian Sol' },
  { code: 'PGK', name: 'Papua New Guinean Kina' },
  { code: 'PHP', name: 'Philippine Peso' },
  { code: 'PKR', name: 'Pakistani Rupee' },
  { code: 'PLN', name: 'Polish Złoty' },
  { code: 'PYG', name: 'Paraguayan Guaraní' },
  { code: 'QAR', name: 'Qatari Riyal' },
  { code: 'RON', name: 'Romanian Leu' },
  { code: 'RSD', name: 'Serbian Dinar' },
  { code: 'RUB', name: 'Russian Ruble' },
  { code: 'RWF', name: 'Rwandan Franc' },
  { code: 'SAR', name: 'Saudi Riyal' },
  { code: 'SBD', name: 'Solomon Islands Dollar' },
  { code: 'SCR', name: 'Seychellois Rupee' },
  { code: 'SDG', name: 'Sudanese Pound' },
  { code: 'SEK', name: 'Swedish Krona' },
  { code: 'SGD', name: 'Singapore Dollar' },
  { code: 'SHP', name: 'Saint Helena Pound' },
  { code: 'SLE', name: 'Sierra Leonean Leone' },
  { code: 'SOS', name: 'Somali Shilling' },
  { code: 'SRD', name: 'Surinamese Dollar' },
  { code: 'SSP', name: 'South Sudanese Pound' },
  { code: 'STN', name: 'São Tomé and Príncipe Dobra' },
  { code: 'SVC', name: 'Salvadoran Colón' },
  { code: 'SYP', name: 'Syrian Pound' },
  { code: 'SZL', name: 'Swazi Lilangeni' },
  { code: 'THB', name: 'Thai Baht' },
  { code: 'TJS', name: 'Tajikistani Somoni' },
  { code: 'TMT', name: 'Turkmenistani Manat' },
  { code: 'TND', name: 'Tunisian Dinar' },
  { code: 'TOP', name: 'Tongan Paʻanga' },
  { code: 'TRY', name: 'Turkish Lira' },
  { code: 'TTD', name: 'Trinidad and Tobago Dollar' },
  { code: 'TWD', name: 'New Taiwan Dollar' },
  { code: 'TZS', name: 'Tanzanian Shilling' },
  { code: 'UAH', name: 'Ukrainian Hryvnia' },
  { code: 'UGX', name: 'Ugandan Shilling' },
  { code: 'USD', name: 'US Dollar' },
  { code: 'UYU', name: 'Uruguayan Peso' },
  { code: 'UZS', name: 'Uzbekistani Som' },
  { code: 'VES', name: 'Venezuelan Bolívar' },
  { code: 'VND', name: 'Vietnamese Dong' },
  { code: 'VUV', name: 'Vanuatu Vatu' },
  { code: 'WST', name: 'Samoan Tala' },
  { code: 'XAF', name: 'Central African CFA Franc' },
  { code: 'XCD', name: 'East Caribbean Dollar' },
  { code: 'XOF', name: 'West African CFA Franc' },
  { code: 'XPF', name: 'CFP Franc' },
  { code: 'YER', name: 'Yemeni Rial' },
  { code: 'ZAR', name: 'South African Rand' },
  { code: 'ZMW', name: 'Zambian Kwacha' },
  { code: 'ZWG', name: 'Zimbabwe Gold' },
];

export const CURRENCY_CODES: readonly string[] = CURRENCIES.map((c) => c.code);

const CURRENCY_NAMES = new Map(CURRENCIES.map((c) => [c.code, c.name]));

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && CURRENCY_NAMES.has(value);
}

export function currencyName(code: string): string | undefined {
  return CURRENCY_NAMES.get(code.toUpperCase());
}

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
  return Math.round((amount + Number.EPSILON) * 100) / 100;
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
