import { UPLOAD_MAX_FILES } from '@mutua/contracts/uploads';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import { render } from '@testing-library/react';
import { AttachmentsField, sortAddedFiles } from './attachments-field';

const pdf = (name: string, body = '%PDF-1.7\n1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF') => new File([body], name, { type: 'application/pdf' });
const lockedPdf = (name: string) => pdf(name, '%PDF-1.7\ntrailer << /Root 1 0 R /Encrypt 5 0 R >>\n%%EOF');

describe('sortAddedFiles', () => {
  it('keeps the good files and gives each refused one its reason in French', async () => {
    const { kept, rejected } = await sortAddedFiles([], [pdf('facture.pdf'), lockedPdf('secret.pdf'), new File(['MZ'], 'virus.pdf'), new File([], 'vide.png')]);
    expect(kept.map((f) => f.name)).toEqual(['facture.pdf']);
    expect(rejected).toEqual([
      { name: 'secret.pdf', reason: 'le PDF est protégé par un mot de passe\u00a0: envoyez une version non protégée.' },
      { name: 'virus.pdf', reason: 'ce n’est pas un fichier .pdf, .jpg, .gif ou .png (son contenu a été vérifié, pas seulement son nom).' },
      { name: 'vide.png', reason: 'le fichier est vide.' },
    ]);
  });
  it('counts the files already there against the limit', async () => {
    const current = Array.from({ length: UPLOAD_MAX_FILES - 1 }, (_, i) => pdf(`f${i}.pdf`));
    const { kept, rejected } = await sortAddedFiles(current, [pdf('a.pdf'), pdf('b.pdf')]);
    expect(kept.map((f) => f.name)).toEqual(['a.pdf']);
    expect(rejected).toEqual([{ name: 'b.pdf', reason: `${UPLOAD_MAX_FILES}\u00a0fichiers au maximum.` }]);
  });
});

function Field() {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <AttachmentsField
      label="Facture détaillée"
      required
      error={files.length ? undefined : 'Veuillez ajouter le document correspondant'}
      files={files}
      onChange={setFiles}
    />
  );
}

describe('AttachmentsField', () => {
  it('adds the good files, lists the refused ones with their reason, and shows the form’s error', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(
      <TestProviders>
        <Field />
      </TestProviders>,
    );
    const group = screen.getByRole('group', { name: /Facture détaillée/ });
    expect(within(group).getByText('Veuillez ajouter le document correspondant')).toBeInTheDocument();
    await user.upload(group.querySelector('input[type="file"]')!, [pdf('facture.pdf'), lockedPdf('secret.pdf')]);
    expect(await within(group).findByRole('list', { name: 'Fichiers refusés' })).toHaveTextContent('secret.pdf : le PDF est protégé par un mot de passe');
    expect(within(group).getByRole('list', { name: /Fichiers ajoutés/ })).toHaveTextContent('facture.pdf');
    expect(within(group).queryByText('Veuillez ajouter le document correspondant')).not.toBeInTheDocument();
  });
});
