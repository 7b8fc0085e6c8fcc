import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/DataList.css';
import { Grid, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import { LoadState } from '../../../components/load-state';
import type { TGlobalDetails } from '@mutua/contracts';
import { useGlobalDetails } from '../../../lib/global-details';
import { useRefreshTimelineRecent } from '../api/get-timeline-recent';
import { ActionsBlock } from '../components/actions-block';
import { AlertsBlock } from '../components/alerts-block';
import { BeneficiariesBlock } from '../components/beneficiaries-block';
import { ContractBlock } from '../components/contract-block';
import { DocumentsBlock } from '../components/documents-block';
import { LatestRefundsBlock } from '../components/latest-refunds-block';
import { LatestRequestsBlock } from '../components/latest-requests-block';
import { MobileAppBlock } from '../components/mobile-app-block';
import { NewsBlock } from '../components/news-block';
import { NoemieBlock } from '../components/noemie-block';
import { TpCardBlock } from '../components/tp-card-block';
import { WelcomeBlock } from '../components/welcome-block';

/** The home page once the global details are there: main column of blocks, actions and latest items on the right. */
export function Dashboard({ details }: { details: TGlobalDetails }) {
  return (
    <Stack gap="lg">
      <WelcomeBlock details={details} />
      <AlertsBlock alerts={details.alertDtoList} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <NewsBlock details={details} />
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TpCardBlock insured={details.insured} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <ContractBlock contracts={details.insured.contractsSubscribed} />
              </Grid.Col>
            </Grid>
            <DocumentsBlock documents={details.allDocuments} />
            <BeneficiariesBlock beneficiaries={details.insured.allBeneficiaries.beneficiaries} features={details.featureStatus} />
            <NoemieBlock states={details.noemieStateDtoList} />
            <MobileAppBlock app={details.insuredMobileApplication} insurerName={details.insurer.name} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg" component="aside" aria-label="Mes raccourcis">
            <ActionsBlock />
            <LatestRefundsBlock refunds={details.refunds} />
            <LatestRequestsBlock groups={details.lastRequests} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Chargement de votre espace">
      <Skeleton height={40} width="60%" />
      <Skeleton height={160} />
      <Skeleton height={160} />
    </Stack>
  );
}

/** Route `home`: the dashboard. */
export function Component() {
  return <HomeContent />;
}

/** The page's heading until the greeting (the heading of the loaded dashboard) can be written. */
function HiddenHeading() {
  return (
    <VisuallyHidden>
      <Title order={1}>Accueil</Title>
    </VisuallyHidden>
  );
}

function HomeContent() {
  const details = useGlobalDetails((d) => d);
  useRefreshTimelineRecent();
  if (details.isPending) {
    return (
      <>
        <HiddenHeading />
        <DashboardSkeleton />
      </>
    );
  }
  if (details.isError) {
    return (
      <>
        <HiddenHeading />
        <LoadState query={details} title="Un problème inattendu est survenu." />
      </>
    );
  }
  return <Dashboard details={details.data} />;
}
