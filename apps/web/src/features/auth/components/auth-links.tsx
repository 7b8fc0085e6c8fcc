import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** "Back to login" under the secondary screens of the login group. */
export function BackToLogin() {
  return (
    <Anchor component={Link} to={paths.login} reloadDocument size="sm">
      Retour à la connexion
    </Anchor>
  );
}
