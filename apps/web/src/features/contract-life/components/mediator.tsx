import { Anchor, Stack, Text } from '@mantine/core';
import { MEDIATOR } from '@mutua/contracts';

/** The mediator's name, address, website and when it can be seized (RULES.md: shown visibly). */
export function Mediator() {
  return (
    <Stack gap={4}>
      <Text size="sm">{MEDIATOR.when}</Text>
      <Text size="sm" component="address" style={{ fontStyle: 'normal' }}>
        {MEDIATOR.address.map((line) => (
          <span key={line}>
            {line}
            <br />
          </span>
        ))}
      </Text>
      <Text size="sm">
        Site&nbsp;:{' '}
        <Anchor href={MEDIATOR.website} target="_blank" rel="noopener noreferrer" td="underline">
          {MEDIATOR.website.replace('https://', '')}
        </Anchor>
      </Text>
    </Stack>
  );
}
