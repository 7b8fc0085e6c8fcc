import { Anchor } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

// Its form loads at the first click, not with every page's footer.
const ExitSurveyDialog = lazy(() => import('./exit-survey-dialog').then((m) => ({ default: m.ExitSurveyDialog })));

/**
 * « Retour à l’ancien espace adhérent », which the footer shows while the tenant keeps its old space
 * (showOldInsuredSpaceLink): the exit survey first, its answer stored, then the old space.
 */
export default function OldSpaceLink({ className }: { className?: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <li>
      <Anchor component="button" type="button" className={className} onClick={() => setOpened(true)}>
        Retour à l’ancien espace adhérent
      </Anchor>
      {opened && (
        <Suspense fallback={null}>
          <ExitSurveyDialog onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </li>
  );
}
