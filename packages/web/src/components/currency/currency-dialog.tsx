import { Check, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Dialog } from '../dialog';
import { searchCurrencies } from './currency-search';

export interface CurrencyDialogProps {
  open: boolean;
  title: string;
  /** The code chosen now; it is marked in the list and highlighted first. */
  value: string | undefined;
  onSelect: (code: string) => void;
  onClose: () => void;
}

/**
 * A searchable list of about 160 currencies, loaded only when someone opens it. Type to narrow
 * by code or name; arrow keys move through the results, Enter picks, Escape closes.
 */
export default function CurrencyDialog({
  open,
  title,
  value,
  onSelect,
  onClose,
}: CurrencyDialogProps) {
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchCurrencies(query), [query]);
  const [active, setActive] = useState(0);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // Opening starts with the current currency highlighted, and a new search with the best match.
  useEffect(() => {
    if (!open) return;
    setQuery('');
    const index = searchCurrencies('').findIndex((c) => c.code === value);
    setActive(Math.max(0, index));
    requestAnimationFrame(() => inputRef.current?.focus());
  }, [open, value]);

  const activeCode = results[active]?.code;
  // The first time, the current currency is brought to the middle; afterwards just into view.
  const scrolled = useRef(false);
  useEffect(() => {
    if (!open) scrolled.current = false;
  }, [open]);
  useEffect(() => {
    if (!activeCode) return;
    const option = listRef.current?.querySelector(`[data-code="${activeCode}"]`);
    option?.scrollIntoView({ block: scrolled.current ? 'nearest' : 'center' });
    if (option) scrolled.current = true;
  }, [activeCode]);

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const last = results.length - 1;
    if (e.key === 'ArrowDown') setActive((i) => Math.min(last, i + 1));
    else if (e.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1));
    else if (e.key === 'PageDown') setActive((i) => Math.min(last, i + 8));
    else if (e.key === 'PageUp') setActive((i) => Math.max(0, i - 8));
    else if (e.key === 'Home' && e.ctrlKey) setActive(0);
    else if (e.key === 'End' && e.ctrlKey) setActive(last);
    else if (e.key === 'Enter') {
      if (activeCode) onSelect(activeCode);
    } else return;
    e.preventDefault();
  }

  const optionId = (code: string) => `${listId}-${code}`;

  return (
    <Dialog open={open} onClose={onClose} title={title} className="sm:max-w-lg">
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-fg-subtle"
        />
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label="Search currencies"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeCode ? optionId(activeCode) : undefined}
          placeholder="Search by code or name"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="h-12 w-full rounded-xl border border-line-strong bg-surface pr-4 pl-11 text-base text-fg placeholder:text-fg-subtle focus:border-accent focus:outline-2 focus:outline-accent/30"
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {results.length === 1 ? '1 currency' : `${results.length} currencies`}
      </p>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Currencies"
        className="-mx-2 h-[min(24rem,50dvh)] overflow-y-auto overscroll-contain px-2"
      >
        {results.length === 0 && (
          <li role="presentation" className="px-4 py-8 text-center text-sm text-fg-muted">
            No currency matches “{query.trim()}”.
          </li>
        )}
        {results.map((c, i) => {
          const selected = c.code === value;
          return (
            <li
              key={c.code}
              id={optionId(c.code)}
              data-code={c.code}
              role="option"
              aria-selected={selected}
              onPointerMove={() => setActive(i)}
              onClick={() => onSelect(c.code)}
              className={
                'flex cursor-pointer items-center gap-4 rounded-xl px-4 py-3 text-sm ' +
                (i === active ? 'bg-surface-2' : '')
              }
            >
              <span className="w-12 shrink-0 font-semibold tabular-nums text-fg">{c.code}</span>
              <span className="min-w-0 flex-1 truncate text-fg-muted">{c.name}</span>
              {selected && <Check aria-hidden="true" className="size-4 shrink-0 text-accent-ink" />}
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
