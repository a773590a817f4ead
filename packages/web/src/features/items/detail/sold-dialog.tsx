import { parseAmountInput } from '@hanger/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Field } from '../../../components/field';
import { AmountInput } from '../../../components/currency/amount-input';
import { useSessionStore } from '../../../lib/stores/session-store';

interface SoldDialogProps {
  open: boolean;
  defaultCurrency: string;
  onClose: () => void;
  onConfirm: (sale: { price: number; currency: string }) => void;
}

/** Mark sold: what it sold for; the item then moves to the archive. */
export function SoldDialog({ open, defaultCurrency, onClose, onConfirm }: SoldDialogProps) {
  const [text, setText] = useState('');
  const [currency, setCurrency] = useState(defaultCurrency);
  const [error, setError] = useState<string | null>(null);
  const locale = useSessionStore((s) => s.user?.settings.locale);

  useEffect(() => {
    if (!open) return;
    setText('');
    setCurrency(defaultCurrency);
    setError(null);
  }, [open, defaultCurrency]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = parseAmountInput(text, { currency, locale });
    if (!parsed.ok) return setError(parsed.error);
    if (parsed.value === undefined) return setError('Enter what it sold for.');
    onConfirm({ price: parsed.value, currency });
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Mark as sold"
      description="Record what it sold for. It moves to your archive, and your stats keep its history."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-6">
        <Field label="Sold for" error={error}>
          {(control) => (
            <AmountInput
              {...control}
              amount={text}
              onAmountChange={setText}
              currency={currency}
              onCurrencyChange={setCurrency}
              currencyLabel="Sale currency"
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Mark sold</Button>
        </div>
      </form>
    </Dialog>
  );
}
