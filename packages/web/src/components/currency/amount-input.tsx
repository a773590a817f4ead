import type { Ref } from 'react';
import { Input, type FieldControlProps } from '../field';
import { CurrencyButton } from './currency-button';

interface AmountInputProps extends Partial<FieldControlProps> {
  'aria-label'?: string;
  ref?: Ref<HTMLInputElement>;
  amount: string;
  onAmountChange: (text: string) => void;
  currency: string;
  onCurrencyChange: (code: string) => void;
  /** Names the currency control, e.g. "Price currency". */
  currencyLabel: string;
}

/** An amount as typed, with its currency beside it: how every price and sale is entered. */
export function AmountInput({
  amount,
  onAmountChange,
  currency,
  onCurrencyChange,
  currencyLabel,
  ...input
}: AmountInputProps) {
  return (
    <div className="flex gap-2">
      <Input
        {...input}
        value={amount}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        onChange={(e) => onAmountChange(e.target.value)}
        className="min-w-0 flex-1"
      />
      <CurrencyButton
        label={currencyLabel}
        value={currency}
        onChange={onCurrencyChange}
        className="w-28"
      />
    </div>
  );
}
