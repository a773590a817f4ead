import { ChevronDown } from 'lucide-react';
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';

/** Props a control receives from its Field so that label, hint and error are announced. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  /** Shown under the control and announced; also marks the control invalid. */
  error?: string | null;
  /** Visually hide the label (it is still read out). */
  hideLabel?: boolean;
  /** Something on the label's row, e.g. a "Forgot password?" link. */
  aside?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({
  label,
  hint,
  error,
  hideLabel,
  aside,
  className = '',
  children,
}: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <div className={hideLabel ? 'sr-only' : 'flex items-baseline justify-between gap-4'}>
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {aside}
      </div>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="text-sm text-fg-subtle">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

const CONTROL =
  'w-full rounded-xl border border-line-strong bg-surface px-4 text-base text-fg placeholder:text-fg-subtle ' +
  'transition-colors hover:border-fg-subtle focus:border-accent focus:outline-2 focus:outline-offset-0 focus:outline-accent/30 ' +
  'aria-invalid:border-danger aria-invalid:focus:outline-danger/30 disabled:opacity-60';

interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className = '', ...rest }: InputProps) {
  return <input className={`${CONTROL} h-12 ${className}`} {...rest} />;
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ className = '', children, ...rest }: SelectProps) {
  return (
    <div className={`relative ${className}`}>
      <select className={`${CONTROL} h-12 appearance-none pr-10`} {...rest}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-4 size-4 -translate-y-1/2 text-fg-subtle"
      />
    </div>
  );
}

interface TextFieldProps extends Omit<InputProps, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  aside?: ReactNode;
}

/** A labelled text input with its hint and error wired for assistive technology. */
export function TextField({ label, hint, error, aside, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} aside={aside} className={className}>
      {(control) => <Input {...input} {...control} />}
    </Field>
  );
}
