import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/DataList.css';
import '@mantine/dates/styles.css';
import { Alert, Button, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { TGlobalDetails } from '@mutua/contracts/global-details';
import {
  OPERATION_TYPE_LABELS,
  REFUND_BENEFICIARY_TYPE_LABELS,
  REFUND_BENEFICIARY_TYPES,
  refundBeneficiaryTypeOfRank,
  type OperationType,
} from '@mutua/contracts/refunds';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DownloadButton } from '../../../components/download-button';
import { RouteAction } from '../../../components/route-action';
import { formatName } from '../../../lib/format';
import { useGlobalDetails } from '../../../lib/global-details';
import { useExportRefunds } from '../api/export-refunds';
import { REFUNDS_PAGE_SIZE, useRefunds } from '../api/get-refunds';
import { RefundCards } from '../components/refund-cards';
import { RefundDetailPanel } from '../components/refund-detail';
import { DEFAULT_OPERATION_OPTIONS, RefundFilters } from '../components/refund-filters';
import { RefundsTable } from '../components/refunds-table';
import { EMPTY_FILTERS, filtersError, filtersFromSearch, hasFilters } from '../filters';
import { LoadState, RowsSkeleton } from '../../../components/load-state';

const EXPORT_FAILED = { title: 'L’export a échoué', message: 'La liste de vos remboursements n’a pas pu être téléchargée. Veuillez réessayer plus tard.' };

/** Filter options from the global details: the family's beneficiary types (with their first names) and the operation types. */
function useFilterOptions() {
  const details = useGlobalDetails((d: TGlobalDetails) => ({
    beneficiaries: d.insured.allBeneficiaries.beneficiaries,
    acts: d.allActsRefunds,
    insurer: d.insurer.name,
  }));
  return useMemo(() => {
    const people = details.data?.beneficiaries ?? [];
    const beneficiaryOptions = REFUND_BENEFICIARY_TYPES.filter(
      (type) => people.length === 0 || people.some((p) => refundBeneficiaryTypeOfRank(p.rank) === type),
    ).map((type) => {
      const names = people.filter((p) => refundBeneficiaryTypeOfRank(p.rank) === type).map((p) => formatName(p.firstName));
      return { value: type, label: names.length ? `${REFUND_BENEFICIARY_TYPE_LABELS[type]} (${names.join(', ')})` : REFUND_BENEFICIARY_TYPE_LABELS[type] };
    });
    const acts = details.data?.acts;
    const operationOptions = acts?.length
      ? acts.map((a) => ({ value: a.code as OperationType, label: a.label || OPERATION_TYPE_LABELS[a.code] }))
      : DEFAULT_OPERATION_OPTIONS;
    return { beneficiaryOptions, operationOptions, insurerName: details.data?.insurer ?? 'votre mutuelle' };
  }, [details.data]);
}

/** Keyset pages: the cursors of the pages seen so far, so that "previous" goes back without counting rows. */
function useCursorPages(resetKey: string) {
  const [state, setState] = useState<{ key: string; cursors: (string | null)[] }>({ key: resetKey, cursors: [null] });
  const cursors = state.key === resetKey ? state.cursors : [null];
  if (state.key !== resetKey) setState({ key: resetKey, cursors: [null] });
  return {
    index: cursors.length - 1,
    cursor: cursors.at(-1) ?? null,
    next: (cursor: string) => setState({ key: resetKey, cursors: [...cursors, cursor] }),
    previous: () => setState({ key: resetKey, cursors: cursors.slice(0, -1) }),
  };
}

/** Route `refunds`: filters, information, Excel export, the paged table and the detail panel. */
export function Component() {
  const [params, setParams] = useSearchParams();
  // Filters and the open refund live in the page: changing them is not a navigation (no guard run,
  // focus stays on the control). The URL only opens the page with them (links from home).
  const [filters, setFilters] = useState(() => filtersFromSearch(params));
  const [openId, setOpenId] = useState<string | null>(() => params.get('refund'));
  const linked = params.get('refund');
  const [followedLink, setFollowedLink] = useState(linked);
  if (linked !== followedLink) {
    setFollowedLink(linked);
    if (linked) setOpenId(linked);
  }
  const invalid = filtersError(filters);
  // Shown on wide screens; on phones the list comes first and the filters open on demand.
  const [filtersShown, setFiltersShown] = useState(() => !window.matchMedia('(max-width: 36em)').matches);
  const filtersId = useId();
  const { beneficiaryOptions, operationOptions, insurerName } = useFilterOptions();
  const pages = useCursorPages(JSON.stringify(filters));
  const list = useRefunds({ filters, cursor: pages.cursor }, { enabled: invalid === null });
  const exporting = useExportRefunds({ onError: () => notifications.show({ color: 'red', ...EXPORT_FAILED }) });
  const tableTop = useRef<HTMLDivElement>(null);
  // Below this width the ten columns no longer fit: one card per refund instead.
  const cards = useMediaQuery('(max-width: 75em)', false, { getInitialValueInEffect: false });

  const close = () => {
    setOpenId(null);
    // Opened by a link: the link's parameter goes, so that a reload does not open it again.
    if (params.has('refund')) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('refund');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };

  const page = list.data;
  const from = page && page.items.length ? pages.index * REFUNDS_PAGE_SIZE + 1 : 0;
  const to = page ? pages.index * REFUNDS_PAGE_SIZE + page.items.length : 0;

  // After "previous" or "next", the new page's table takes the focus (and comes into view).
  const pagedTo = useRef<number | null>(null);
  const pageShown = page && !list.isPlaceholderData ? `${pages.index}:${page.items[0]?.id ?? ''}` : '';
  useEffect(() => {
    if (pagedTo.current === null || pagedTo.current !== pages.index || !pageShown.startsWith(`${pages.index}:`)) return;
    pagedTo.current = null;
    tableTop.current?.querySelector<HTMLElement>('[role="region"]')?.focus();
  }, [pageShown, pages.index]);
  const goTo = (move: () => void, index: number) => {
    pagedTo.current = index;
    move();
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>Mes remboursements</Title>
        <RouteAction route="getRefund">Nouvelle demande de remboursement</RouteAction>
      </Group>

      <Alert variant="light" color="blue" title="Information" data-testid="refunds-information">
        Vos remboursements sont classés par date de soins, du plus récent au plus ancien. Chaque montant remboursé par {insurerName} figure dans la colonne qui
        indique à qui il a été versé. Le détail d’un remboursement donne les montants de la Sécurité sociale, de votre première mutuelle et votre reste à
        charge, et permet de télécharger le décompte.
      </Alert>

      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Button variant="default" aria-expanded={filtersShown} aria-controls={filtersId} onClick={() => setFiltersShown((s) => !s)}>
            {filtersShown ? 'Masquer les filtres' : 'Afficher les filtres'}
          </Button>
          <DownloadButton variant="outline" onClick={() => exporting.mutate(filters)} pending={exporting.isPending} disabled={invalid !== null}>
            Exporter en Excel
          </DownloadButton>
        </Group>
        <div hidden={!filtersShown}>
          <RefundFilters id={filtersId} values={filters} onChange={setFilters} beneficiaryOptions={beneficiaryOptions} operationOptions={operationOptions} />
        </div>
      </Stack>

      <div ref={tableTop}>
        {invalid ? null : list.isPending || list.isError ? (
          <LoadState
            query={list}
            title="Un problème inattendu est survenu."
            loading={<RowsSkeleton label="Chargement des remboursements" height={36} gap="xs" />}
          />
        ) : page && page.total === 0 ? (
          <EmptyState
            align="left"
            size="sm"
            title={hasFilters(filters) ? 'Aucun remboursement ne correspond à vos filtres.' : 'Vous n’avez aucun remboursement pour le moment.'}
            data-testid="refunds-empty"
          >
            <EmptyState.Actions>
              {hasFilters(filters) ? (
                <Button variant="light" onClick={() => setFilters(EMPTY_FILTERS)}>
                  Réinitialiser les filtres
                </Button>
              ) : (
                <RouteAction route="getRefund" variant="light">
                  Me faire rembourser
                </RouteAction>
              )}
            </EmptyState.Actions>
          </EmptyState>
        ) : page ? (
          <Stack gap="sm">
            {cards ? (
              <RefundCards refunds={page.items} caption={`Remboursements ${from} à ${to} sur ${page.total}`} onOpen={setOpenId} />
            ) : (
              <RefundsTable refunds={page.items} caption={`Remboursements ${from} à ${to} sur ${page.total}`} insurerName={insurerName} onOpen={setOpenId} />
            )}
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" aria-live="polite" data-testid="refunds-range">
                {from} à {to} sur {page.total} remboursement{page.total > 1 ? 's' : ''}
              </Text>
              <Group gap="sm">
                <Button variant="default" onClick={() => goTo(pages.previous, pages.index - 1)} disabled={pages.index === 0 || list.isFetching}>
                  Page précédente
                </Button>
                <Button
                  variant="default"
                  onClick={() => page.nextCursor && goTo(() => pages.next(page.nextCursor!), pages.index + 1)}
                  disabled={!page.nextCursor || list.isFetching}
                  loading={list.isFetching && list.isPlaceholderData}
                >
                  Page suivante
                </Button>
              </Group>
            </Group>
          </Stack>
        ) : null}
      </div>

      <RefundDetailPanel refundId={openId} insurerName={insurerName} onClose={close} />
    </Stack>
  );
}
