import { Group, Radio, type RadioGroupProps } from '@mantine/core';

export type RadioChoice = { value: string; label: string };

/** « Oui » / « Non », as the radios' values (the form turns them into booleans). */
export const YES_NO: readonly RadioChoice[] = [
  { value: 'true', label: 'Oui' },
  { value: 'false', label: 'Non' },
];

/** A choice among a few short options, side by side (wrapping on a phone): « Féminin » / « Masculin »… */
export function RadioRow({ choices, ...group }: Omit<RadioGroupProps, 'children'> & { choices: readonly RadioChoice[] }) {
  return (
    <Radio.Group {...group}>
      <Group gap="lg" mt={4}>
        {choices.map((c) => (
          <Radio key={c.value} value={c.value} label={c.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}
