import { ErrorScreen } from '../../components/error-screen';
import { PageShell } from '../layout/page-shell';

/** /error: the default error page, without the tenant's brand. */
export function Component() {
  return (
    <PageShell>
      <ErrorScreen kind="default" />
    </PageShell>
  );
}
