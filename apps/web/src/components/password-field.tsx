import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { Ref } from 'react';

/** Mantine's PasswordInput with its show/hide toggle reachable by keyboard and labelled in French. */
export function PasswordField({ ref, ...props }: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <PasswordInput
      ref={ref}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': 'Afficher le mot de passe en clair' }}
      {...props}
    />
  );
}
