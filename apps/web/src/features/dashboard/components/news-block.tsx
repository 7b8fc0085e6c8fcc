import { Alert, Anchor, Group, Text } from '@mantine/core';
import type { TGlobalDetails } from '@mutua/contracts/global-details';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Block, BlockEmpty, BlockLink } from './block';
import classes from './dashboard.module.css';

/** How many events of the recent timeline the home page lists. */
export const NEWS_SHOWN = 4;

/** News: the insurer's announcement when displayed, and the latest events of the member's requests. */
export function NewsBlock({ details }: { details: Pick<TGlobalDetails, 'announcement' | 'isAnnouncementDisplayed' | 'timelineRecent'> }) {
  const events = details.timelineRecent.slice(0, NEWS_SHOWN);
  const announcement = details.isAnnouncementDisplayed && details.announcement ? details.announcement : null;
  return (
    <Block title="Actualités" footer={events.length > 0 && <BlockLink to={paths.requests}>Suivre toutes mes demandes</BlockLink>}>
      {announcement && (
        <Alert variant="light" title="Annonce" color="blue">
          {announcement}
        </Alert>
      )}
      {events.length === 0 ? (
        !announcement && (
          <BlockEmpty
            text="Aucune actualité pour le moment&nbsp;: l’avancement de vos demandes s’affichera ici."
            action={<BlockLink to={paths.newRequest}>Faire une nouvelle demande</BlockLink>}
          />
        )
      ) : (
        <ul className={classes.list}>
          {events.map((event) => (
            <li key={`${event.requestId}-${event.event}-${event.date}`} className={classes.item}>
              <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                <div>
                  <Anchor component={Link} to={`${paths.requests}?request=${event.requestId}`} className={classes.itemLink}>
                    {event.title}
                  </Anchor>
                  <Text size="sm">
                    {event.label} — {formatDate(event.date, 'long')}
                  </Text>
                </div>
                <StatusBadge label={event.statusLabel} tone={event.statusTone} />
              </Group>
            </li>
          ))}
        </ul>
      )}
    </Block>
  );
}
