import { Eye, EyeOff } from 'lucide-react';
import { useState, type Ref } from 'react';
import { Field, Input } from '../../components/field';

interface PasswordFieldProps {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
  name?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A password input with a show/hide toggle, so people can check what they typed on a phone. */
export function PasswordField({
  label = 'Password',
  value,
  onChange,
  onBlur,
  error,
  hint,
  autoComplete,
  name = 'password',
  ref,
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <div className="relative">
          <Input
            {...control}
            ref={ref}
            name={name}
            type={visible ? 'text' : 'password'}
            autoComplete={autoComplete}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
            className="pr-12"
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-full text-fg-subtle hover:bg-surface-2 hover:text-fg"
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
          </button>
        </div>
      )}
    </Field>
  );
}
