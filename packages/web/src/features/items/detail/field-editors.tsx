import {
  parseAmountInput,
  parseTextInput,
  parseWearCountInput,
  type ParsedInput,
} from '@hanger/domain';
import { useState } from 'react';
import { Input } from '../../../components/field';
import { AmountInput } from '../../../components/currency/amount-input';
import { useSessionStore } from '../../../lib/stores/session-store';
import { EditorForm } from './inline-edit';

/**
 * The editors that open in place on the clothing detail screen. Each reads what was typed with
 * the domain's parser, shows its error, and hands a clean value (undefined = cleared) to save.
 */

interface EditorProps<T> {
  label: string;
  initial: T | undefined;
  onSave: (value: T | undefined) => void;
  done: () => void;
}

/** Clear, offered only when there is a value to clear. */
function clearer<T>({ initial, onSave, done }: Omit<EditorProps<T>, 'label'>) {
  if (!initial) return undefined;
  return () => {
    onSave(undefined);
    done();
  };
}

function useParsedEditor<T>(
  parse: (text: string) => ParsedInput<T>,
  onSave: (value: T | undefined) => void,
  done: () => void,
) {
  const [error, setError] = useState<string | null>(null);
  const save = (text: string): string | null => {
    const parsed = parse(text);
    if (!parsed.ok) {
      setError(parsed.error);
      return parsed.error;
    }
    onSave(parsed.value);
    done();
    return null;
  };
  return { error, save };
}

/** A one-line editor whose text is read by `parse`: the text and wear-count fields. */
function ParsedTextEditor<T>({
  label,
  initialText,
  parse,
  onSave,
  done,
  ...input
}: Omit<EditorProps<T>, 'initial'> & {
  initialText: string;
  parse: (text: string) => ParsedInput<T>;
  placeholder?: string;
  inputMode?: 'numeric';
}) {
  const [text, setText] = useState(initialText);
  const { error, save } = useParsedEditor(parse, onSave, done);
  return (
    <EditorForm error={error} onSave={() => save(text)} onCancel={done}>
      {({ errorId }) => (
        <Input
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={text}
          autoComplete="off"
          {...input}
          onChange={(e) => setText(e.target.value)}
        />
      )}
    </EditorForm>
  );
}

export function TextEditor({ initial, ...rest }: EditorProps<string> & { placeholder?: string }) {
  return <ParsedTextEditor {...rest} initialText={initial ?? ''} parse={parseTextInput} />;
}

export function CountEditor({ initial, ...rest }: EditorProps<number>) {
  return (
    <ParsedTextEditor
      {...rest}
      initialText={initial === undefined ? '' : String(initial)}
      parse={parseWearCountInput}
      inputMode="numeric"
      placeholder="0"
    />
  );
}

export function DateEditor({
  label,
  initial,
  onSave,
  done,
  max,
}: EditorProps<string> & { max?: string }) {
  const [value, setValue] = useState(initial ?? '');
  return (
    <EditorForm
      error={null}
      onSave={() => {
        onSave(value || undefined);
        done();
        return null;
      }}
      onClear={clearer({ initial, onSave, done })}
      onCancel={done}
    >
      {() => (
        <Input
          aria-label={label}
          type="date"
          value={value}
          max={max}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
    </EditorForm>
  );
}

export interface Money {
  amount: number;
  currency: string;
}

/** An amount and its currency; clearing the amount clears both. */
export function MoneyEditor({
  label,
  initial,
  defaultCurrency,
  onSave,
  done,
}: EditorProps<Money> & { defaultCurrency: string }) {
  const [text, setText] = useState(initial === undefined ? '' : String(initial.amount));
  const [currency, setCurrency] = useState(initial?.currency ?? defaultCurrency);
  const locale = useSessionStore((s) => s.user?.settings.locale);
  const parse = (raw: string): ParsedInput<Money> => {
    const parsed = parseAmountInput(raw, { currency, locale });
    if (!parsed.ok) return parsed;
    return {
      ok: true,
      value: parsed.value === undefined ? undefined : { amount: parsed.value, currency },
    };
  };
  const { error, save } = useParsedEditor(parse, onSave, done);
  return (
    <EditorForm
      error={error}
      onSave={() => save(text)}
      onClear={clearer({ initial, onSave, done })}
      onCancel={done}
    >
      {({ errorId }) => (
        <AmountInput
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          amount={text}
          onAmountChange={setText}
          currency={currency}
          onCurrencyChange={setCurrency}
          currencyLabel={`${label} currency`}
        />
      )}
    </EditorForm>
  );
}
