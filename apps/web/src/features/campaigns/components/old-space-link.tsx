import { Anchor } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useGlobalDetails } from '../../../lib/global-details';

// Its form loads at the first click, not with every page's footer.
const ExitSurveyDialog = lazy(() => import('./exit-survey-dialog').then((m) => ({ default: m.ExitSurveyDialog })));

/**
 * « Retour à l’ancien espace adhérent », while the tenant keeps its old space
 * (showOldInsuredSpaceLink): the exit survey first, its answer stored, then the old space.
 */
export default function OldSpaceLink({ className }: { className?: string }) {
  const shown = useGlobalDetails((d) => d.showOldInsuredSpaceLink);
  const [opened, setOpened] = useState(false);
  if (!shown.data) return null;
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
