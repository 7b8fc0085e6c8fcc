import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { saveBlob } from '../../../lib/download';
import { buildTechnicalReport, reportFileName, type TechnicalReport } from './technical-report';

/** Builds the report in the browser, shows it, and saves it as a JSON file to attach to a request. */
export function TechnicalReportPanel() {
  const [report, setReport] = useState<TechnicalReport | null>(null);
  const generate = () => {
    const next = buildTechnicalReport();
    setReport(next);
    saveBlob(new Blob([JSON.stringify(next, null, 2)], { type: 'application/json' }), reportFileName(next));
  };
  return (
    <Stack gap="sm" align="flex-start">
      <Button variant="outline" onClick={generate}>
        Télécharger le rapport technique
      </Button>
      {report && (
        <Stack gap={4} w="100%" role="status">
          <Text size="sm">Le fichier {reportFileName(report)} a été téléchargé. Son contenu&nbsp;:</Text>
          <pre
            tabIndex={0}
            aria-label="Contenu du rapport technique"
            style={{
              maxHeight: '16rem',
              width: '100%',
              overflow: 'auto',
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
              margin: 0,
              padding: '0.75rem',
              fontSize: '0.8125rem',
              background: 'var(--mantine-color-gray-1)',
              color: 'var(--mantine-color-black)',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            {JSON.stringify(report, null, 2)}
          </pre>
        </Stack>
      )}
    </Stack>
  );
}
