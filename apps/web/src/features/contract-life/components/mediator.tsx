import { Anchor, Stack, Text, Title } from '@mantine/core';
import { MEDIATOR } from '@mutua/contracts/complaints';
import { useId } from 'react';

/**
 * The mediator's name, address and website, shown open (the mediator's details are shown
 * visibly on the site), the link saying where it goes and that it opens a new tab.
 */
export function Mediator() {
  const titleId = useId();
  const site = MEDIATOR.website.replace(/^https:\/\/(www\.)?/, '');
  return (
    <Stack component="section" gap={4} aria-labelledby={titleId} data-testid="mediator">
      <Title order={4} size="h6" id={titleId}>
        {MEDIATOR.name}
      </Title>
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
        <Anchor href={MEDIATOR.website} target="_blank" rel="noopener noreferrer" td="underline">
          Site du {MEDIATOR.name} ({site}, nouvel onglet)
        </Anchor>
      </Text>
    </Stack>
  );
}
