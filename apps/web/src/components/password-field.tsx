import { TextInput, UnstyledButton, type TextInputProps } from '@mantine/core';
import { useState, type Ref } from 'react';
import classes from './password-field.module.css';

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}

/**
 * A password input with a show/hide button reachable by keyboard and labelled in French. Built on
 * TextInput (not Mantine's PasswordInput) to keep the login route light.
 */
export function PasswordField({ ref, ...props }: Omit<TextInputProps, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      ref={ref}
      {...props}
      type={visible ? 'text' : 'password'}
      rightSectionPointerEvents="all"
      rightSection={
        <UnstyledButton
          className={classes.toggle}
          onClick={() => setVisible((v) => !v)}
          aria-label="Afficher le mot de passe"
          aria-pressed={visible}
          disabled={props.disabled}
        >
          <EyeIcon crossed={visible} />
        </UnstyledButton>
      }
    />
  );
}
