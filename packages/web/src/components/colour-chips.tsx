import {
  COLOUR_NAMES,
  COLOUR_SWATCHES,
  colourLabel,
  toggleColour,
  type ColourName,
} from '@hanger/domain';

/** A round swatch of a palette colour; light colours get a hairline so they show on white. */
export function ColourSwatch({ colour, size = 'md' }: { colour: ColourName; size?: 'sm' | 'md' }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 rounded-full border border-black/15 dark:border-white/25 ${
        size === 'md' ? 'size-4' : 'size-3'
      }`}
      style={{ background: COLOUR_SWATCHES[colour] }}
    />
  );
}

interface ColourChecksProps {
  legend: string;
  value: readonly ColourName[] | undefined;
  onChange: (value: ColourName[]) => void;
  /** Names offered (the whole palette by default). */
  colours?: readonly ColourName[];
  /** Hides the legend (a picker whose heading says it already). */
  hideLegend?: boolean;
}

/**
 * Several colours chosen at once (the Colour filter: any of the chosen): checkboxes drawn as
 * chips with a swatch, so that screen readers announce each colour and whether it is chosen.
 */
export function ColourChecks({
  legend,
  value,
  onChange,
  colours = COLOUR_NAMES,
  hideLegend = false,
}: ColourChecksProps) {
  const chosen = value ?? [];
  return (
    <fieldset className="min-w-0">
      <legend className={hideLegend ? 'sr-only' : 'mb-3 text-sm font-semibold text-fg'}>
        {legend}
      </legend>
      <div className="flex flex-wrap gap-2">
        {colours.map((colour) => {
          const checked = chosen.includes(colour);
          return (
            <label key={colour} className="relative">
              <input
                type="checkbox"
                checked={checked}
                onChange={() => onChange(toggleColour(chosen, colour))}
                className="peer sr-only"
              />
              <span
                className={
                  'inline-flex h-9 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm font-medium transition-colors ' +
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent ' +
                  (checked
                    ? 'border-fg bg-fg text-canvas'
                    : 'border-line-strong bg-surface text-fg hover:border-fg-subtle hover:bg-surface-2')
                }
              >
                <ColourSwatch colour={colour} />
                {colourLabel(colour)}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
