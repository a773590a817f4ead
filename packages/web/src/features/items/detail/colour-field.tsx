import {
  COLOUR_NAMES,
  MAX_ITEM_COLOURS,
  colourLabel,
  type ClothingItem,
  type ColourName,
} from '@hanger/domain';
import { Plus, Star, X } from 'lucide-react';
import { useId, useState } from 'react';
import { ColourSwatch } from '../../../components/colour-chips';
import { DetailRow } from './inline-edit';

/**
 * The item's colours as chips with swatches (README, "Colours"), edited in place: add one from
 * the palette, remove one, or make one the main colour (it moves first). Each change is saved at
 * once, as the user's choice, which no automatic run replaces.
 */
export function ColourField({
  item,
  onSave,
}: {
  item: ClothingItem;
  onSave: (colours: ColourName[]) => void;
}) {
  const colours = item.colors ?? [];
  const [adding, setAdding] = useState(false);
  const paletteId = useId();
  const remaining = COLOUR_NAMES.filter((c) => !colours.includes(c));
  const full = colours.length >= MAX_ITEM_COLOURS;

  return (
    <DetailRow
      label="Colours"
      hint={colours.length > 1 ? 'The first is the main colour' : undefined}
    >
      <div className="flex min-w-0 flex-col items-end gap-2">
        <ul className="flex flex-wrap justify-end gap-2" aria-label="Colours">
          {colours.map((colour, i) => (
            <li
              key={colour}
              className="inline-flex h-9 items-center gap-1 rounded-full border border-line-strong bg-surface pr-1 pl-3 text-sm font-medium text-fg"
            >
              <ColourSwatch colour={colour} />
              <span className="ml-1">{colourLabel(colour)}</span>
              {i === 0 ? (
                <span className="ml-1 rounded-full bg-surface-2 px-2 py-0.5 text-xs text-fg-muted">
                  Main
                </span>
              ) : (
                <button
                  type="button"
                  onClick={() => onSave([colour, ...colours.filter((c) => c !== colour)])}
                  className="grid size-7 place-items-center rounded-full text-fg-subtle hover:bg-surface-2 hover:text-fg"
                  aria-label={`Make ${colourLabel(colour)} the main colour`}
                  title="Make main"
                >
                  <Star aria-hidden="true" className="size-4" />
                </button>
              )}
              <button
                type="button"
                onClick={() => onSave(colours.filter((c) => c !== colour))}
                className="grid size-7 place-items-center rounded-full text-fg-subtle hover:bg-surface-2 hover:text-fg"
                aria-label={`Remove ${colourLabel(colour)}`}
                title="Remove"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
          {!full && (
            <li>
              <button
                type="button"
                onClick={() => setAdding((a) => !a)}
                aria-expanded={adding}
                aria-controls={paletteId}
                className="inline-flex h-9 items-center gap-1 rounded-full border border-dashed border-line-strong px-3 text-sm font-medium text-accent-ink hover:bg-surface-2"
              >
                <Plus aria-hidden="true" className="size-4" />
                {colours.length === 0 ? 'Add colour' : 'Add'}
              </button>
            </li>
          )}
        </ul>
        {adding && !full && (
          <div
            id={paletteId}
            role="group"
            aria-label="Palette"
            className="flex max-w-96 flex-wrap justify-end gap-2 rounded-xl bg-surface-2 p-2"
          >
            {remaining.map((colour) => (
              <button
                key={colour}
                type="button"
                onClick={() => {
                  onSave([...colours, colour]);
                  if (colours.length + 1 >= MAX_ITEM_COLOURS) setAdding(false);
                }}
                className="inline-flex h-8 items-center gap-2 rounded-full border border-line bg-surface px-3 text-[0.8125rem] font-medium text-fg hover:border-fg-subtle"
                aria-label={`Add ${colourLabel(colour)}`}
              >
                <ColourSwatch colour={colour} size="sm" />
                {colourLabel(colour)}
              </button>
            ))}
          </div>
        )}
      </div>
    </DetailRow>
  );
}
