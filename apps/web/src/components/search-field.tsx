import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { useId, type ChangeEvent, type ReactNode } from 'react';

type SearchFieldProps = Omit<TextInputProps, 'type' | 'onChange'> & {
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** What the search found so far (a count, none, type more): read out as it changes. */
  status: ReactNode;
  'data-field'?: string;
};

/** A search box whose suggestions appear below it, and under the box the sentence that says what was found. */
export function SearchField({ status, ...props }: SearchFieldProps) {
  const statusId = useId();
  return (
    <>
      <TextInput type="search" aria-describedby={statusId} {...props} />
      <Text id={statusId} size="xs" c="gray.7" aria-live="polite">
        {status}
      </Text>
    </>
  );
}
