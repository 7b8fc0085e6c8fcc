import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** Where a member goes once a request is sent: to the request in « Mes demandes » (the list when it has no id yet), or back home. */
export function RequestLinks({ requestId }: { requestId: string | null }) {
  return (
    <>
      <Button component={Link} to={requestId ? `${paths.requests}?request=${requestId}` : paths.requests} variant="outline">
        Voir ma demande
      </Button>
      <Button component={Link} to={paths.home} variant="subtle">
        Retour à l’accueil
      </Button>
    </>
  );
}
