import { Badge } from '@mantine/core';
import { badgeTone, type BadgeTone } from '@mutua/contracts/requests';
import classes from './status-badge.module.css';

/** A shape per tone, so that the tone never rests on colour alone (the label says it in words too). */
const ICONS: Record<BadgeTone | 'info', string> = { success: '✓', warning: '◷', info: '●' };

/**
 * A request status badge: the spec's success set in green with a check mark,
 * its warning set in amber with a clock. The tone comes from the label through contracts' badgeTone;
 * `tone` is only the fallback for a label outside both sets.
 */
export function StatusBadge({ label, tone = 'warning' }: { label: string; tone?: BadgeTone }) {
  const resolved = badgeTone(label) ?? tone;
  return (
    <Badge
      className={`${classes.badge} ${classes[resolved]}`}
      radius="sm"
      variant="transparent"
      data-tone={resolved}
      leftSection={
        <span aria-hidden="true" className={classes.icon}>
          {ICONS[resolved]}
        </span>
      }
    >
      {label}
    </Badge>
  );
}

/** The "new" flag of an unread request or of one not opened yet. */
export function NewBadge() {
  return (
    <Badge
      className={`${classes.badge} ${classes.info}`}
      radius="sm"
      variant="transparent"
      data-tone="info"
      leftSection={
        <span aria-hidden="true" className={classes.icon}>
          {ICONS.info}
        </span>
      }
    >
      Nouveau
    </Badge>
  );
}
