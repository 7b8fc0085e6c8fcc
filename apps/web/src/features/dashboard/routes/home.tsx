import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/DataList.css';
import { Alert, Button, Grid, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import type { TGlobalDetails } from '@mutua/contracts';
import { PaintedPart } from '../../../components/painted-part';
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

/**
 * The home page once the global details are there: main column of blocks, actions and latest items on
 * the right. Every block but the documents' (its downloads) is read, not operated: on a page the
 * server painted, each keeps the server's markup through the hydration (PaintedPart), given the
 * values it shows so that it renders live again once one of them changes.
 */
export function Dashboard({ details }: { details: TGlobalDetails }) {
  const { insured, featureStatus: features } = details;
  return (
    <Stack gap="lg">
      <PaintedPart name="welcome" data={[insured.allBeneficiaries, insured.lastConnection, details.insurer, details.profile]}>
        <WelcomeBlock details={details} />
      </PaintedPart>
      <PaintedPart name="alerts" data={[details.alertDtoList]}>
        <AlertsBlock alerts={details.alertDtoList} />
      </PaintedPart>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <PaintedPart name="news" data={[details.timelineRecent, details.announcement, details.isAnnouncementDisplayed]}>
              <NewsBlock details={details} />
            </PaintedPart>
            <PaintedPart name="cards" data={[insured, features]}>
              <Grid gap="lg">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TpCardBlock insured={insured} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <ContractBlock contracts={insured.contractsSubscribed} />
                </Grid.Col>
              </Grid>
            </PaintedPart>
            <DocumentsBlock documents={details.allDocuments} />
            <PaintedPart name="beneficiaries" data={[insured.allBeneficiaries, features]}>
              <BeneficiariesBlock beneficiaries={insured.allBeneficiaries.beneficiaries} features={features} />
            </PaintedPart>
            <PaintedPart name="noemie" data={[details.noemieStateDtoList]}>
              <NoemieBlock states={details.noemieStateDtoList} />
            </PaintedPart>
            <PaintedPart name="mobile-app" data={[details.insuredMobileApplication, details.insurer]}>
              <MobileAppBlock app={details.insuredMobileApplication} insurerName={details.insurer.name} />
            </PaintedPart>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <PaintedPart name="shortcuts" data={[details.refunds, details.lastRequests, features]}>
            <Stack gap="lg" component="aside" aria-label="Mes raccourcis">
              <ActionsBlock />
              <LatestRefundsBlock refunds={details.refunds} />
              <LatestRequestsBlock groups={details.lastRequests} />
            </Stack>
          </PaintedPart>
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
        <Alert color="red" title="Un problème inattendu est survenu." role="alert">
        <Stack gap="sm" align="flex-start">
          {details.error.message}
          <Button variant="light" color="red" onClick={() => void details.refetch()}>
            Réessayer
          </Button>
        </Stack>
      </Alert>
      </>
    );
  }
  return <Dashboard details={details.data} />;
}
