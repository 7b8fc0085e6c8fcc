import { Radio, Stack } from '@mantine/core';
import { maskEmail } from '@mutua/contracts/auth';

/**
 * What the screen shows of an address before the session is open: the server sends them masked
 * (`j***n@example.com`); one that would arrive in clear is masked here, never shown as is.
 */
export function displayedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 && email.slice(0, at).includes('*') ? email : maskEmail(email);
}

/** The addresses to receive the code at, as radio buttons (values: the entries as received). */
export function EmailChoice({
  emails,
  value,
  onChange,
  error,
}: {
  emails: readonly string[];
  value: string | null;
  onChange: (email: string) => void;
  error?: string;
}) {
  return (
    <Radio.Group label="Adresse e-mail de réception du code" value={value} onChange={onChange} error={error} required>
      <Stack gap="sm" mt="xs">
        {emails.map((email) => (
          <Radio key={email} value={email} label={displayedEmail(email)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
