import {
  DEFAULT_CUT_OUT_NEW_PHOTOS,
  formatDay,
  formatMoney,
  isDayKey,
  wearDayKey,
  type Settings,
} from '@hanger/domain';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/button';
import { Input, Select } from '../../components/field';
import { useCutoutsAvailable } from '../../lib/stores/cutout-poll';
import { changeCurrency, updateSettings } from '../../lib/stores/profile-actions';
import { CurrencyButton } from '../../components/currency/currency-button';
import { LOCALE_OPTIONS, localeLabel, weekdayNames } from './locale-options';
import { SettingRow } from './setting-row';

/** An on/off setting, read out as a switch. */
function Switch({
  checked,
  onChange,
  labelledBy,
  describedBy,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  labelledBy: string;
  describedBy?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClick={() => onChange(!checked)}
      className={
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ' +
        (checked ? 'bg-accent' : 'bg-surface-3')
      }
    >
      <span
        aria-hidden="true"
        className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6' : 'translate-x-1'}`}
      />
    </button>
  );
}

/** The tracking start date, saved when a whole date is entered or it is cleared. */
function TrackingStart({ value, id }: { value: string | undefined; id: string }) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const commit = (next: string) => {
    if (next === (value ?? '')) return;
    if (next === '') void updateSettings({ trackingStartDate: undefined });
    else if (isDayKey(next)) void updateSettings({ trackingStartDate: next });
  };
  return (
    <>
      <Input
        id={id}
        type="date"
        value={draft}
        max={wearDayKey()}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => commit(draft)}
        onKeyDown={(e) => e.key === 'Enter' && commit(draft)}
        className="min-w-0 flex-1"
      />
      {value && (
        <Button variant="ghost" size="sm" onClick={() => commit('')}>
          Clear
        </Button>
      )}
    </>
  );
}

/** Locale, currency, week start, tracking start and data consent; each saves as it changes. */
export function PreferencesSection({ settings }: { settings: Settings }) {
  const ids = {
    locale: useId(),
    week: useId(),
    tracking: useId(),
    consent: useId(),
    cutout: useId(),
  };
  const cutoutsAvailable = useCutoutsAvailable();
  const days = weekdayNames(settings.locale);
  const locales: string[] = LOCALE_OPTIONS.includes(
    settings.locale as (typeof LOCALE_OPTIONS)[number],
  )
    ? [...LOCALE_OPTIONS]
    : [settings.locale, ...LOCALE_OPTIONS];
  const sample = `${formatDay(wearDayKey(), settings.locale)} · ${formatMoney(1234.5, settings.currency, settings.locale)}`;

  return (
    <section aria-labelledby="preferences" className="flex flex-col gap-4">
      <h2 id="preferences" className="text-lg font-semibold tracking-tight">
        Preferences
      </h2>
      <div className="rounded-3xl border border-line bg-surface">
        <SettingRow
          label="Language and region"
          htmlFor={ids.locale}
          description={<>How dates and prices look: {sample}</>}
        >
          <Select
            id={ids.locale}
            value={settings.locale}
            onChange={(e) => void updateSettings({ locale: e.target.value })}
            className="w-full"
          >
            {locales.map((tag) => (
              <option key={tag} value={tag}>
                {localeLabel(tag)}
              </option>
            ))}
          </Select>
        </SettingRow>
        <SettingRow
          label="Currency"
          description="Prices in other currencies are converted into it for cost per wear and spending."
        >
          <CurrencyButton
            label="Currency"
            variant="full"
            value={settings.currency}
            onChange={(code) => void changeCurrency(code)}
            className="w-full"
          />
        </SettingRow>
        <SettingRow label="Week starts on" htmlFor={ids.week}>
          <Select
            id={ids.week}
            value={String(settings.weekStart)}
            onChange={(e) => void updateSettings({ weekStart: Number(e.target.value) })}
            className="w-full"
          >
            {days.map((name, i) => (
              <option key={name} value={i}>
                {name}
              </option>
            ))}
          </Select>
        </SettingRow>
        <SettingRow
          label="Tracking start date"
          htmlFor={ids.tracking}
          description="When you started logging wears. Items without a date obtained count their days in closet from here."
        >
          <TrackingStart value={settings.trackingStartDate} id={ids.tracking} />
        </SettingRow>
        <SettingRow
          label="Data consent"
          labelId={ids.consent}
          description={
            <span id={`${ids.consent}-text`}>
              Allow the operator of this server to use your wardrobe data anonymised and in
              aggregate.
            </span>
          }
        >
          <Switch
            checked={settings.dataConsent}
            labelledBy={ids.consent}
            describedBy={`${ids.consent}-text`}
            onChange={(dataConsent) => void updateSettings({ dataConsent })}
          />
        </SettingRow>
        {cutoutsAvailable && (
          <SettingRow
            label="Cut out new photos"
            labelId={ids.cutout}
            description={
              <span id={`${ids.cutout}-text`}>
                Remove the background of each new photo on this server, so your clothes show on a
                clean background. Any photo can be cut out or restored in the image editor.
              </span>
            }
          >
            <Switch
              checked={settings.cutOutNewPhotos ?? DEFAULT_CUT_OUT_NEW_PHOTOS}
              labelledBy={ids.cutout}
              describedBy={`${ids.cutout}-text`}
              onChange={(cutOutNewPhotos) => void updateSettings({ cutOutNewPhotos })}
            />
          </SettingRow>
        )}
      </div>
    </section>
  );
}
