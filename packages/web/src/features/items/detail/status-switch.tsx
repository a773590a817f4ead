import { itemStatus, itemStatusLabel, type ItemStatus } from '@hanger/domain';
import { Archive, Handshake, Heart, Shirt, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { capitalize } from '../../../lib/text';

const ICONS: Record<ItemStatus, LucideIcon> = {
  clothes: Shirt,
  wishlist: Heart,
  loaned: Handshake,
  archived: Archive,
};

/** The places in the order a piece moves through them: owned, wanted, lent, gone. */
const ORDER: readonly ItemStatus[] = ['clothes', 'wishlist', 'loaned', 'archived'];

/**
 * Where the item is: in the closet, on the wishlist, loaned out or archived. One tap moves it;
 * radio buttons underneath, so arrow keys move between the places.
 */
export function StatusSwitch({
  value,
  onChange,
}: {
  value: ItemStatus | undefined;
  onChange: (status: ItemStatus) => void;
}) {
  const name = useId();
  const current = itemStatus(value);
  return (
    <fieldset>
      <legend className="sr-only">Where it is</legend>
      <div className="grid grid-cols-4 gap-1 rounded-2xl bg-surface-2 p-1">
        {ORDER.map((status) => {
          const Icon = ICONS[status];
          const checked = status === current;
          return (
            <label
              key={status}
              className={
                'relative flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl px-1 py-2 text-xs font-medium transition-colors sm:flex-row sm:gap-2 sm:text-sm ' +
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ' +
                (checked ? 'bg-surface text-fg shadow-sm' : 'text-fg-muted hover:text-fg')
              }
            >
              <input
                type="radio"
                name={name}
                value={status}
                checked={checked}
                onChange={() => onChange(status)}
                // Over the whole chip, invisible: clicks and taps land on the radio itself.
                className="absolute inset-0 cursor-pointer opacity-0"
              />
              <Icon
                aria-hidden="true"
                className="size-4 shrink-0"
                strokeWidth={checked ? 2.25 : 1.75}
              />
              <span className="truncate">{capitalize(itemStatusLabel(status))}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
