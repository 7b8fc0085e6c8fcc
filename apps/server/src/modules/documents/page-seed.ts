import type { Db } from '../../db/client';
import { tenantDocuments, tenants } from '../../db/schema';
import { makeTextPdf } from './sample-files';

type Doc = {
  tab: 'health' | 'foresight' | 'contribution';
  kind: 'practical_guide' | 'information_notice' | 'guarantees_table' | 'other';
  name: string;
  fileName: string;
  uploadedOn: string;
  lines: string[];
};

const DOCS: Doc[] = [
  {
    tab: 'health',
    kind: 'guarantees_table',
    name: 'Tableau de garanties santé 2026',
    fileName: 'tableau-garanties-sante-2026.pdf',
    uploadedOn: '2026-01-05',
    lines: [
      'Consultations et visites\u00a0: 100 % de la base de remboursement.',
      'Optique, dentaire, audiologie\u00a0: paniers 100 % Santé sans reste à charge.',
      'Hospitalisation\u00a0: forfait journalier pris en charge sans limitation de durée.',
    ],
  },
  {
    tab: 'health',
    kind: 'information_notice',
    name: 'Notice d’information du contrat santé',
    fileName: 'notice-information-sante.pdf',
    uploadedOn: '2026-01-05',
    lines: ['Objet du contrat, bénéficiaires, prise d’effet.', 'Exclusions et limites de garanties.', 'Réclamations et médiation.'],
  },
  {
    tab: 'health',
    kind: 'practical_guide',
    name: 'Guide pratique\u00a0: vos remboursements',
    fileName: 'guide-pratique-remboursements.pdf',
    uploadedOn: '2026-02-10',
    lines: ['La télétransmission avec la Sécurité sociale.', 'Envoyer une facture ou un devis depuis votre espace.', 'Les délais de remboursement.'],
  },
  {
    tab: 'foresight',
    kind: 'information_notice',
    name: 'Notice d’information prévoyance',
    fileName: 'notice-information-prevoyance.pdf',
    uploadedOn: '2026-01-05',
    lines: ['Garanties incapacité, invalidité et décès.', 'Déclaration d’un arrêt de travail.'],
  },
  {
    tab: 'foresight',
    kind: 'other',
    name: 'Formulaire de désignation de bénéficiaire',
    fileName: 'designation-beneficiaire.pdf',
    uploadedOn: '2026-03-02',
    lines: ['À compléter et à nous retourner signé.'],
  },
  {
    tab: 'contribution',
    kind: 'practical_guide',
    name: 'Guide pratique\u00a0: vos cotisations',
    fileName: 'guide-pratique-cotisations.pdf',
    uploadedOn: '2026-01-12',
    lines: ['Prélèvement mensuel, trimestriel ou annuel.', 'Changer de compte de prélèvement.'],
  },
];

/** The documents page's insurer documents, real PDFs made with pdf-lib, for every tenant (its name on them). */
export async function seedTenantDocuments(db: Db): Promise<void> {
  for (const tenant of await db.select({ id: tenants.id, name: tenants.name }).from(tenants)) {
    for (const [position, doc] of DOCS.entries()) {
      const content = await makeTextPdf(doc.name, doc.lines, { brand: tenant.name });
      await db
        .insert(tenantDocuments)
        .values({ tenantId: tenant.id, tab: doc.tab, kind: doc.kind, name: doc.name, fileName: doc.fileName, uploadedOn: doc.uploadedOn, position, content });
    }
  }
}
