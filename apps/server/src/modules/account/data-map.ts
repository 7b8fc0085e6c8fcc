import { sql } from 'drizzle-orm';
import type { DataMap } from '../../core/data-map';
import type { Db } from '../../db/client';
import { decryptField, isEncryptedText } from '../../db/field-crypto';

/*
 * The place in « Télécharger mes données » of every table under db/schema (the kit's, and the areas'
 * not yet moved into their module), declared in this module's manifest: a module's own tables are
 * classified in its own manifest (`dataMap`), and the app composes them all (core/data-map.ts).
 * test/my-data-map.test.ts fails while a table of the database is classified nowhere: a new table is
 * classified when it is created.
 */
export const DB_SCHEMA_DATA_MAP: DataMap = {
  // In the export's own files.
  members: { curated: 'profil.json' },
  accounts: { curated: 'profil.json (identifiant de connexion)' },
  contacts: { curated: 'profil.json' },
  addresses: { curated: 'profil.json' },
  beneficiaries: { curated: 'beneficiaires.json' },
  contracts: { curated: 'contrats.json' },
  member_preferences: { curated: 'preferences.json' },
  requests: { curated: 'demandes.json' },
  request_steps: { curated: 'demandes.json' },
  request_messages: { curated: 'demandes.json' },
  beneficiary_additions: { curated: 'demandes.json' },
  beneficiary_deletions: { curated: 'demandes.json' },
  teletransmission_requests: { curated: 'demandes.json' },
  lost_card_declarations: { curated: 'demandes.json' },
  stored_files: { curated: 'documents/' },
  stored_file_contents: { curated: 'documents/' },
  member_alerts: { curated: 'notifications.json' },
  refunds: { curated: 'remboursements.csv' },

  // Exported as stored (donnees/<table>.json).
  advisor_contacts: { export: 'member' },
  allowance_counters: { export: 'member' },
  bank_accounts: { export: 'member' },
  claim_decisions: { export: 'member' },
  claim_fingerprints: { export: 'member' },
  bank_details_changes: { export: 'member' },
  beneficiary_products: { export: 'member' },
  complaints: { export: 'member' },
  contact_changes: { export: 'member' },
  contract_options: { export: 'member' },
  legal_page_acceptances: { export: 'member' },
  payment_schedule_debits: { export: 'member' },
  refund_cancellations: { export: 'member' },
  request_groups: { export: 'member' },
  sepa_mandates: { export: 'member' },
  terminations: { export: 'member' },
  document_sharing_details: { export: 'request' },
  hospital_care_details: { export: 'request' },
  quote_details: { export: 'request' },
  refund_request_details: { export: 'request' },

  // Personal, kept out of the export.
  adviser_codes: { notExported: 'codes à usage unique lus au téléphone à un conseiller (secret, 10 minutes)' },
  allowance_uses: { notExported: 'détail de calcul des plafonds, déjà dans remboursements.csv' },
  audit_events: { notExported: 'journal de preuve de l’organisme (sécurité, conformité), consultable sur demande au DPO' },
  bo_approvals: { notExported: 'circuit de validation interne des gestionnaires' },
  bo_approval_files: { notExported: 'projet de document interne, versé à la demande une fois validé (documents/)' },
  case_notes: { notExported: 'notes internes des gestionnaires' },
  cases: { notExported: 'dossier de gestion interne (l’état visible est dans demandes.json)' },
  dev_outbox: { notExported: 'boîte d’envoi de développement, jamais en production' },
  handoff_tokens: { notExported: 'jetons d’accès des gestionnaires (secrets)' },
  payment_files: { notExported: 'fichiers de virements de l’organisme, pour tous les bénéficiaires d’un lot (chaque virement est dans remboursements.csv)' },
  refund_payments: { notExported: 'lignes des fichiers de virements (montant et date figurent dans remboursements.csv)' },
  login_attempts: { notExported: 'journal de sécurité des connexions (détection d’attaques)' },
  one_time_tokens: { notExported: 'liens à usage unique (secrets)' },
  request_submissions: { notExported: 'clés d’idempotence des formulaires' },
  sessions: { notExported: 'sessions ouvertes (secrets)' },
  signature_events: { notExported: 'dossier de preuve de la signature du mandat, gardé par l’organisme' },
  signature_evidence: { notExported: 'dossier de preuve de la signature du mandat, gardé par l’organisme' },
  staff: { notExported: 'comptes des gestionnaires' },
  staff_sessions: { notExported: 'sessions des gestionnaires' },
  staff_tenants: { notExported: 'habilitations des gestionnaires' },
  verification_challenges: { notExported: 'codes de vérification (secrets)' },
  verification_counters: { notExported: 'compteurs anti-abus' },

  // Nobody's personal data.
  auto_decision_rule_sets: { notPersonal: 'règles de décision automatique de l’organisme' },
  care_act_words: { notPersonal: 'index de recherche des actes' },
  care_acts: { notPersonal: 'catalogue des actes' },
  care_networks: { notPersonal: 'réseaux de soins' },
  care_providers: { notPersonal: 'professionnels de santé partenaires (annuaire public)' },
  case_sla: { notPersonal: 'délais de traitement de l’organisme' },
  communes: { notPersonal: 'référentiel des communes' },
  contract_products: { notPersonal: 'produits de l’organisme' },
  establishment_imports: { notPersonal: 'journal des imports FINESS' },
  establishments: { notPersonal: 'annuaire FINESS' },
  faq_categories: { notPersonal: 'FAQ' },
  faq_entries: { notPersonal: 'FAQ' },
  assistant_synonyms: { notPersonal: 'synonymes de l’assistant, par organisme' },
  faq_themes: { notPersonal: 'FAQ' },
  guarantee_product_versions: { notPersonal: 'tableaux de garanties' },
  healthcare_act_words: { notPersonal: 'index de recherche des actes' },
  healthcare_acts: { notPersonal: 'catalogue des actes' },
  healthcare_documents: { notPersonal: 'pièces demandées par acte' },
  hospitalization_types: { notPersonal: 'types d’hospitalisation' },
  legal_pages: { notPersonal: 'pages légales' },
  payout_accounts: { notPersonal: 'compte bancaire de l’organisme qui paie les remboursements' },
  noemie_states: { notPersonal: 'états de télétransmission' },
  organisation_codes: { notPersonal: 'caisses d’assurance maladie' },
  rate_limit_counters: { notPersonal: 'compteurs par clé hachée, effacés à expiration' },
  refund_acts: { notPersonal: 'catalogue des actes remboursés' },
  request_types: { notPersonal: 'types de demandes' },
  schema_migrations: { notPersonal: 'version du schéma' },
  seal_certificates: { notPersonal: 'certificat de cachet de l’organisme' },
  seed_runs: { notPersonal: 'données de démonstration chargées' },
  sepa_creditors: { notPersonal: 'l’organisme créancier SEPA' },
  tariff_parameters: { notPersonal: 'paramètres de tarification' },
  tenant_announcements: { notPersonal: 'annonces de l’organisme' },
  tenant_call_hours: { notPersonal: 'horaires de l’organisme' },
  tenant_contact_channels: { notPersonal: 'canaux de contact de l’organisme' },
  tenant_data_keys: { notPersonal: 'clés de données chiffrées de l’organisme' },
  tenant_documents: { notPersonal: 'documents de l’organisme' },
  tenant_legal_notices: { notPersonal: 'mentions légales' },
  tenants: { notPersonal: 'organismes' },
};

/** Columns never given back: secrets, lookup hashes, what only the system uses. */
const HIDDEN_COLUMN = /(^|_)(hash|hmac|token|secret|code_hash|session_id|idempotency_key)$/;
/** Columns stored encrypted (db/protected-fields.ts), opened for the member; the row's key column. */
const ENCRYPTED: Record<string, { columns: string[]; rowId: string }> = {
  bank_accounts: { columns: ['holder', 'iban', 'bic'], rowId: 'id' },
  bank_details_changes: { columns: ['holder', 'iban', 'bic'], rowId: 'id' },
  sepa_mandates: { columns: ['holder', 'iban', 'bic'], rowId: 'id' },
};

type Row = Record<string, unknown>;

/** The member's rows of every `export` table, keyed by file name (donnees/<table>.json). */
export async function exportedTables(db: Db, dataMap: DataMap, tenantId: string, memberId: string): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  for (const [table, kind] of Object.entries(dataMap)) {
    if (!('export' in kind)) continue;
    const where = kind.export === 'member' ? sql`member_id = ${memberId}` : sql`request_id IN (SELECT id FROM requests WHERE member_id = ${memberId})`;
    const result = (await db.execute(sql`SELECT * FROM ${sql.identifier(table)} WHERE ${where}`)) as unknown as { rows?: Row[] } & Row[];
    const rows = result.rows ?? result;
    const encrypted = ENCRYPTED[table];
    out[`donnees/${table}.json`] = await Promise.all(
      rows.map(async (row) => {
        const shown: Row = {};
        for (const [column, value] of Object.entries(row)) {
          // Bytes (documents, PDFs) are under documents/; secrets and hashes are not the member's data.
          if (HIDDEN_COLUMN.test(column) || value instanceof Uint8Array) continue;
          shown[column] =
            encrypted?.columns.includes(column) && typeof value === 'string' && isEncryptedText(value)
              ? await decryptField(db, tenantId, { table, column, rowId: String(row[encrypted.rowId]) }, value)
              : value;
        }
        return shown;
      }),
    );
  }
  return out;
}
