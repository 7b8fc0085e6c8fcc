import { Stack, Text, Title } from '@mantine/core';
import { AUDIT_RESULT_LABELS, AUDIT_SCOPES, RGAA_CRITERIA, RGAA_THEMES, themeOf, type AuditCriterion } from '@mutua/contracts/accessibility-audit';
import { DataTable, type DataColumn } from '@mutua/ui/data-table';

const COLUMNS: DataColumn<AuditCriterion>[] = [
  { header: 'Critère', rowHeader: true, cell: (c) => `${c.id} ${c.title}` },
  { header: 'Résultat', cell: (c) => AUDIT_RESULT_LABELS[c.result] },
  { header: 'Pages auditées', cell: (c) => AUDIT_SCOPES[c.scope] },
  { header: 'Méthode et remarque', cell: (c) => c.note },
];

/** The whole RGAA 4.1 grid, theme by theme: each criterion's result, the pages it covers and how it was checked. */
export function AuditGrid() {
  return (
    <Stack gap="md">
      {RGAA_THEMES.map((theme, index) => {
        const criteria = RGAA_CRITERIA.filter((c) => themeOf(c) === theme);
        return (
          <Stack key={theme} gap={4} component="section" aria-labelledby={`rgaa-theme-${index + 1}`}>
            <Title order={4} id={`rgaa-theme-${index + 1}`}>
              {index + 1}. {theme}
            </Title>
            <Text size="sm">
              {criteria.filter((c) => c.result === 'C').length}&nbsp;conforme(s), {criteria.filter((c) => c.result === 'NC').length}&nbsp;non conforme(s),{' '}
              {criteria.filter((c) => c.result === 'NT').length}&nbsp;non testé(s), {criteria.filter((c) => c.result === 'NA').length}&nbsp;non applicable(s).
            </Text>
            <DataTable label={`Critères du thème ${theme}`} columns={COLUMNS} rows={criteria} rowKey={(c) => c.id} fz="sm" />
          </Stack>
        );
      })}
    </Stack>
  );
}
