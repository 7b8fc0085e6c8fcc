import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './faq.module.css';

type Entry = { id: string; question: string; answer: string; source?: { label: string; to: string } };

/** Questions as disclosure widgets (native details/summary: keyboard and screen readers for free). */
export function FaqEntries({ entries, headingLevel = 2, open }: { entries: Entry[]; headingLevel?: 2 | 3; open?: string }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={classes.entries}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <details className={classes.entry} open={entry.id === open}>
            <summary>
              <Heading style={{ display: 'inline', fontSize: 'inherit', margin: 0 }}>{entry.question}</Heading>
            </summary>
            <div className={classes.answer}>
              {entry.answer
                .split(/\n\s*\n/)
                .filter((p) => p.trim())
                .map((p, i) => (
                  <Text key={i}>{p.trim()}</Text>
                ))}
              {entry.source && (
                <Text size="sm">
                  <Anchor component={Link} to={entry.source.to} className={classes.link}>
                    {entry.source.label}
                  </Anchor>
                </Text>
              )}
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
