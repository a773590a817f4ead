import { Check } from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

interface ChoiceChipsProps<T extends string> {
  legend: string;
  choices: readonly Choice<T>[];
  value: T | '';
  onChange: (value: T) => void;
  error?: string | null;
  /** A line under the chips when there is no error. */
  hint?: ReactNode;
  /** Receives the first radio, so a refused form can move focus here. */
  firstRef?: Ref<HTMLInputElement>;
}

/**
 * One choice among a few, as tappable chips: real radio buttons under the styling, so arrow
 * keys, screen readers and form semantics work as they do for any radio group.
 */
export function ChoiceChips<T extends string>({
  legend,
  choices,
  value,
  onChange,
  error,
  hint,
  firstRef,
}: ChoiceChipsProps<T>) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm font-medium text-fg">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice, i) => {
          const checked = choice.value === value;
          return (
            <label
              key={choice.value}
              className={
                'relative inline-flex h-10 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors ' +
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent ' +
                (checked
                  ? 'border-fg bg-fg text-canvas'
                  : error
                    ? 'border-danger/60 bg-surface text-fg hover:border-danger'
                    : 'border-line-strong bg-surface text-fg hover:border-fg-subtle')
              }
            >
              <input
                ref={i === 0 ? firstRef : undefined}
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
                // Over the whole chip, invisible: clicks and taps land on the radio itself.
                className="absolute inset-0 cursor-pointer opacity-0"
              />
              {checked && <Check aria-hidden="true" className="-ml-1 size-4" />}
              {choice.label}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : (
        hint && <p className="mt-2 text-sm text-fg-subtle">{hint}</p>
      )}
    </fieldset>
  );
}
