import { Anchor, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ACTION_UNAVAILABLE_REASON } from '../../../components/route-action';
import { linksAt } from '../../../lib/links';
import { paths, type RouteId } from '../../../lib/paths';
import { useRouteServed } from '../../../lib/route-availability';
import classes from './requests.module.css';

type HubEntry = {
  key: string;
  title: string;
  text: string;
  /** The route the entry opens; null when the portal has none for it. */
  route: RouteId | null;
  /** Why the entry cannot be used while it has no route served. */
  reason?: string;
};

/** The hub's entries: each feature puts its own there (its `links.ts`, place `new-request-hub`). */
export const HUB_ENTRIES: HubEntry[] = linksAt('new-request-hub');

function HubCard({ entry, children }: { entry: HubEntry; children: ReactNode }) {
  const titleId = useId();
  return (
    <li>
      <section className={classes.hubCard} aria-labelledby={titleId}>
        <Title order={3} size="h5" id={titleId}>
          {entry.title}
        </Title>
        <Text size="sm">{entry.text}</Text>
        {children}
      </section>
    </li>
  );
}

function RouteEntry({ entry }: { entry: HubEntry }) {
  const served = useRouteServed(entry.route ?? 'notFound');
  if (!entry.route || !served) {
    return (
      <HubCard entry={entry}>
        <Text size="sm" fw={600} c="gray.8" data-testid={`hub-unavailable-${entry.key}`}>
          {entry.reason ?? ACTION_UNAVAILABLE_REASON}
        </Text>
      </HubCard>
    );
  }
  return (
    <HubCard entry={entry}>
      <Anchor component={Link} to={paths[entry.route].replace(/\/:[^/]+\?/g, '')} fw={600}>
        {entry.title}
      </Anchor>
    </HubCard>
  );
}

/**
 * The new-request hub: refund, estimate a refund, prepare a treatment, share a proof, FAQ, chatbot, contact. Each opens its
 * route once served, and otherwise says why it cannot be used yet. Contact goes to the contact dialog
 * once served; meanwhile it offers what this feature serves: writing a message to the insurer.
 */
export function NewRequestHub({ onWriteMessage }: { onWriteMessage: () => void }) {
  const contactServed = useRouteServed('contactUs');
  const contact: HubEntry = {
    key: 'contact',
    title: 'Nous contacter',
    text: 'Écrivez à nos équipes\u00a0: réponse dans votre espace, rubrique « Mes demandes ».',
    route: 'contactUs',
  };
  return (
    <Stack gap="md">
      <Text>Que souhaitez-vous faire&nbsp;?</Text>
      <SimpleGrid component="ul" cols={{ base: 1, xs: 2 }} spacing="sm" className={classes.hubGrid}>
        {HUB_ENTRIES.map((entry) => (
          <RouteEntry key={entry.key} entry={entry} />
        ))}
        <HubCard entry={contact}>
          {contactServed ? (
            <Anchor component={Link} to={paths.contactUs} fw={600}>
              Nous contacter
            </Anchor>
          ) : (
            <div>
              <Button variant="light" size="sm" onClick={onWriteMessage}>
                Écrire un message
              </Button>
            </div>
          )}
        </HubCard>
      </SimpleGrid>
    </Stack>
  );
}
