import { Anchor, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { STEP_LINK_CONTACT, timelineStepLink, type TRequestStatusStep } from '@mutua/contracts/requests';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { DocumentButton } from './document-button';
import classes from './requests.module.css';

function StepDetails({ step, id }: { step: TRequestStatusStep; id?: string }) {
  const empty = !step.infoMessage && step.documents.length === 0;
  return (
    <Stack gap="xs" className={classes.stepDetails} id={id}>
      {step.infoMessage && <Text size="sm">{step.infoMessage}</Text>}
      {step.documents.length > 0 && (
        <Group gap="xs" wrap="wrap">
          {step.documents.map((doc) => (
            <DocumentButton key={doc.id} document={doc} />
          ))}
        </Group>
      )}
      {empty && <Text size="sm">Aucune information complémentaire pour cette étape.</Text>}
    </Stack>
  );
}

/**
 * One step of a request's timeline. Done steps offer "Contact" (the new-request dialog) and show their
 * information; the other steps offer "Voir", which shows or hides it (the current step starts open).
 */
function Step({ step }: { step: TRequestStatusStep }) {
  const link = timelineStepLink(step.step);
  const [open, setOpen] = useState(step.current);
  const detailsId = useId();
  const final = link === STEP_LINK_CONTACT;
  return (
    <li className={classes.step} data-current={step.current || undefined} data-step={step.step}>
      <span className={classes.stepMarker} aria-hidden="true">
        {final ? '✓' : ''}
      </span>
      <Stack gap={2}>
        <Group gap="xs" justify="space-between" wrap="wrap" align="baseline">
          <Text fw={600}>
            {step.label}
            {step.current && <VisuallyHidden>{' (étape actuelle)'}</VisuallyHidden>}
          </Text>
          <Text size="sm">{formatDate(step.date, 'long')}</Text>
        </Group>
        {step.labelCaption && <Text size="sm">{step.labelCaption}</Text>}
        <div>
          {final ? (
            <Anchor
              component={Link}
              to={paths.newRequest}
              size="sm"
              fw={600}
              preventScrollReset
              aria-label={`${STEP_LINK_CONTACT}\u00a0: nous écrire au sujet de l’étape « ${step.label} »`}
            >
              {STEP_LINK_CONTACT}
            </Anchor>
          ) : (
            <Button
              variant="subtle"
              size="compact-sm"
              px={4}
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              aria-label={`${link} l’étape « ${step.label} »`}
              onClick={() => setOpen((o) => !o)}
            >
              {link}
            </Button>
          )}
        </div>
        {(final || open) && <StepDetails step={step} id={final ? undefined : detailsId} />}
      </Stack>
    </li>
  );
}

/** The steps a request went through, oldest first, with the spec's wording per kind (from the server, via contracts). */
export function RequestTimeline({ steps }: { steps: TRequestStatusStep[] }) {
  if (steps.length === 0) return <Text size="sm">Aucune étape pour le moment.</Text>;
  return (
    <ol className={classes.timeline} aria-label="Étapes de la demande">
      {steps.map((step) => (
        <Step key={step.id} step={step} />
      ))}
    </ol>
  );
}
