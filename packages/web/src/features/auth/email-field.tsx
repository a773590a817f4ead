import type { ComponentProps } from 'react';
import { TextField } from '../../components/field';

/** The e-mail box of the sign-in forms: the browser's saved address, no capitals, no spell check. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return (
    <TextField
      label="E-mail"
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
