/**
 * The languages and regions offered for dates and money. The locale only changes formatting
 * (the app's own words are English), so regions that write dates or amounts differently each
 * get an entry.
 */
export const LOCALE_OPTIONS = [
  'en',
  'en-GB',
  'en-AU',
  'en-CA',
  'en-IE',
  'en-IN',
  'en-NZ',
  'en-ZA',
  'cs',
  'da',
  'de',
  'de-AT',
  'de-CH',
  'el',
  'es',
  'es-MX',
  'fi',
  'fr',
  'fr-CA',
  'fr-CH',
  'hu',
  'it',
  'ja',
  'ko',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'sv',
  'tr',
  'uk',
  'zh-CN',
  'zh-TW',
] as const;

/** "English (United Kingdom)"; the tag itself when the browser cannot name it. */
export function localeLabel(tag: string, displayLocale = 'en'): string {
  try {
    const names = new Intl.DisplayNames([displayLocale], { type: 'language' });
    return names.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** Weekday names starting Sunday (0), as `Settings.weekStart` counts them. */
export function weekdayNames(locale: string): string[] {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  } catch {
    format = new Intl.DateTimeFormat('en', { weekday: 'long', timeZone: 'UTC' });
  }
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2023, 0, 1 + i))));
}
