import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/DataList.css';
import { Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import { LoadState } from '../../../components/load-state';
import type { TGlobalDetails } from '@mutua/contracts/global-details';
import { Suspense, use, type ReactNode } from 'react';
import { PaintedPart } from '../../../components/painted-part';
import { useGlobalDetails } from '../../../lib/global-details';
import { useRefreshTimelineRecent } from '../api/get-timeline-recent';
import { DocumentsBlock } from '../components/documents-block';
import classes from '../components/dashboard.module.css';

type ReadBlocks = typeof import('../components/read-blocks');
let readBlocks: ReadBlocks | undefined;
let loading: Promise<ReadBlocks> | undefined;
const loadReadBlocks = () => (loading ??= import('../components/read-blocks').then((blocks) => (readBlocks = blocks)));
// The server paints home in one synchronous pass: its blocks are loaded before any render.
if (import.meta.env.SSR) await loadReadBlocks();
// A page the browser renders needs them at once: asked for with this screen, beside its data.
else if (document.getElementById('root')?.dataset.rendered !== 'server') void loadReadBlocks();

/** Renders read blocks, suspending until their chunk is there. */
function WithReadBlocks({ render }: { render: (blocks: ReadBlocks) => ReactNode }) {
  return render(readBlocks ?? use(loadReadBlocks()));
}

/** A read part of home: kept as painted through the hydration, else rendered from the read blocks. */
function ReadPart({ name, data, render }: { name: string; data: readonly unknown[]; render: (blocks: ReadBlocks) => ReactNode }) {
  return (
    <PaintedPart name={name} data={data}>
      <WithReadBlocks render={render} />
    </PaintedPart>
  );
}

/**
 * The home page once the global details are there: main column of blocks, actions and latest items on
 * the right. Every block but the documents' (its downloads) is read, not operated: on a page the
 * server painted, each keeps the server's markup through the hydration (PaintedPart), given the
 * values it shows so that it renders live again once one of them changes; their code is a chunk of
 * its own (read-blocks.ts), which such a page does not load.
 */
export function Dashboard({ details }: { details: TGlobalDetails }) {
  const { insured, featureStatus: features } = details;
  return (
    <Stack gap="lg">
      <ReadPart
        name="welcome"
        data={[insured.allBeneficiaries, insured.lastConnection, details.insurer, details.profile]}
        render={(b) => <b.WelcomeBlock details={details} />}
      />
      <ReadPart name="alerts" data={[details.alertDtoList]} render={(b) => <b.AlertsBlock alerts={details.alertDtoList} />} />
      <div className={classes.columns}>
        <div>
          <Stack gap="lg">
            <ReadPart
              name="news"
              data={[details.timelineRecent, details.announcement, details.isAnnouncementDisplayed]}
              render={(b) => <b.NewsBlock details={details} />}
            />
            <ReadPart
              name="cards"
              data={[insured, features]}
              render={(b) => (
                <div className={classes.pair}>
                  <div>
                    <b.TpCardBlock insured={insured} />
                  </div>
                  <div>
                    <b.ContractBlock contracts={insured.contractsSubscribed} />
                  </div>
                </div>
              )}
            />
            <DocumentsBlock documents={details.allDocuments} />
            <ReadPart
              name="beneficiaries"
              data={[insured.allBeneficiaries, features]}
              render={(b) => <b.BeneficiariesBlock beneficiaries={insured.allBeneficiaries.beneficiaries} features={features} />}
            />
            <ReadPart name="noemie" data={[details.noemieStateDtoList]} render={(b) => <b.NoemieBlock states={details.noemieStateDtoList} />} />
            <ReadPart
              name="mobile-app"
              data={[details.insuredMobileApplication, details.insurer]}
              render={(b) => <b.MobileAppBlock app={details.insuredMobileApplication} insurerName={details.insurer.name} />}
            />
          </Stack>
        </div>
        <div>
          <ReadPart
            name="shortcuts"
            data={[details.refunds, details.lastRequests, features]}
            render={(b) => (
              <Stack gap="lg" component="aside" aria-label="Mes raccourcis">
                <b.ActionsBlock />
                <b.LatestRefundsBlock refunds={details.refunds} />
                <b.LatestRequestsBlock groups={details.lastRequests} />
              </Stack>
            )}
          />
        </div>
      </div>
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
  return (
    <Suspense fallback={<DashboardSkeleton />}>
      <Dashboard details={details.data} />
    </Suspense>
  );
}
