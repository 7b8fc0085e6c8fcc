-- Requests ("demandes") of the server's request-types list,
-- request groups, requests, their timeline steps (statusList) and message threads.

-- The request-types list ("document types"): every type code with its type and code name. Bill,
-- supporting-document and quotation codes are ours (contracts DEFAULT_REQUEST_TYPE_CODES); documents
-- (11-13) and message kinds (9999-10032) are the spec's. A test checks this list against contracts.
CREATE TABLE request_types (
  type_code integer PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('supporting_document', 'bill', 'document', 'quotation', 'message')),
  code_name text NOT NULL,
  label text NOT NULL
);
CREATE UNIQUE INDEX request_types_type_code_name_uq ON request_types (type, code_name);

INSERT INTO request_types (type_code, type, code_name, label) VALUES
  (1, 'supporting_document', 'schooling', 'Certificat de scolarité'),
  (2, 'supporting_document', 'tax_notice', 'Avis d’imposition'),
  (3, 'supporting_document', 'pension_rights', 'Justificatif de droits à la retraite'),
  (4, 'supporting_document', 'employment_center', 'Justificatif d’indemnisation France Travail'),
  (5, 'supporting_document', 'disability', 'Justificatif d’invalidité'),
  (6, 'supporting_document', 'social_security', 'Attestation de droits à la Sécurité sociale'),
  (11, 'document', 'rib', 'Relevé d’identité bancaire'),
  (12, 'document', 'mandate', 'Mandat de prélèvement SEPA'),
  (13, 'document', 'other', 'Autre document'),
  (21, 'bill', 'alternative_medicine', 'Médecines douces'),
  (22, 'bill', 'dental', 'Dentaire'),
  (23, 'bill', 'hospital_care', 'Hospitalisation'),
  (24, 'bill', 'new_optical_equipment', 'Nouvel équipement optique'),
  (25, 'bill', 'various', 'Divers'),
  (26, 'bill', 'spa_stay', 'Cure thermale'),
  (27, 'bill', 'new_hearing_aid', 'Nouvel appareil auditif'),
  (31, 'quotation', 'dental_quote', 'Devis dentaire'),
  (32, 'quotation', 'optical_quote', 'Devis optique'),
  (33, 'quotation', 'hospital_quote', 'Devis hospitalier'),
  (34, 'quotation', 'other_quote', 'Autre devis'),
  (9999, 'message', 'specific_demand', 'Demande spécifique'),
  (10000, 'message', 'teletransmission', 'Télétransmission'),
  (10001, 'message', 'third_party_payment_card', 'Carte de tiers payant'),
  (10002, 'message', 'other', 'Autre demande'),
  (10003, 'message', 'add_beneficiary', 'Ajout d’un bénéficiaire'),
  (10004, 'message', 'delete_beneficiary', 'Suppression d’un bénéficiaire'),
  (10005, 'message', 'request_additional_parts', 'Demande de pièces complémentaires'),
  (10006, 'message', 'info_message', 'Message d’information'),
  (10007, 'message', 'supporting_docs_pacs', 'Justificatif de PACS'),
  (10008, 'message', 'supporting_docs_common_life', 'Attestation de vie commune'),
  (10009, 'message', 'supporting_docs_others', 'Autres justificatifs'),
  (10010, 'message', 'membership_other', 'Adhésion : autre question'),
  (10011, 'message', 'membership_fee_other', 'Cotisations : autre question'),
  (10012, 'message', 'warranties_other', 'Garanties : autre question'),
  (10013, 'message', 'refunds_other', 'Remboursements : autre question'),
  (10014, 'message', 'support_other', 'Accompagnement : autre question'),
  (10015, 'message', 'teletransmission_other', 'Télétransmission : autre question'),
  (10016, 'message', 'others', 'Autres'),
  (10017, 'message', 'membership_change_option', 'Changement d’option'),
  (10018, 'message', 'resend_tp_card', 'Renvoi de la carte de tiers payant'),
  (10019, 'message', 'hospital_care', 'Prise en charge hospitalière'),
  (10022, 'message', 'membership_fee_timeline', 'Échéancier de cotisations'),
  (10023, 'message', 'rib', 'Changement de coordonnées bancaires'),
  (10024, 'message', 'claim_request_membership_fee', 'Réclamation : cotisations'),
  (10025, 'message', 'claim_request_membership', 'Réclamation : adhésion'),
  (10026, 'message', 'claim_request_tp_card', 'Réclamation : carte de tiers payant'),
  (10027, 'message', 'claim_request_warranties', 'Réclamation : garanties'),
  (10028, 'message', 'claim_request_refunds', 'Réclamation : remboursements'),
  (10029, 'message', 'claim_request_teletransmission', 'Réclamation : télétransmission'),
  (10030, 'message', 'cancel_paid_options', 'Résiliation d’options payantes'),
  (10031, 'message', 'contract_termination', 'Résiliation du contrat'),
  (10032, 'message', 'rib_beneficiary', 'Changement de RIB d’un bénéficiaire');

-- A group gathers the requests of one submission (for example several bills sent together); the
-- dashboard shows the 3 groups with the latest activity.
CREATE TABLE request_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX request_groups_member_updated_idx ON request_groups (member_id, updated_at DESC, id DESC);

CREATE TABLE requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES request_groups(id) ON DELETE CASCADE,
  -- Repeated from the group so that every access check is one indexed equality on the row itself.
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  beneficiary_id uuid REFERENCES beneficiaries(id) ON DELETE SET NULL,
  type_code integer NOT NULL REFERENCES request_types(type_code),
  title text NOT NULL,
  status_key text NOT NULL CHECK (status_key IN ('done', 'in_progress', 'check_in_progress', 'study', 'to_process', 'read', 'unread', 'request_sent')),
  read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX requests_member_updated_idx ON requests (member_id, updated_at DESC);
CREATE INDEX requests_group_idx ON requests (group_id);

-- The timeline (statusList): one row per step reached, in order.
CREATE TABLE request_steps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id uuid NOT NULL REFERENCES requests(id) ON DELETE CASCADE,
  position integer NOT NULL,
  step text NOT NULL,
  label text NOT NULL,
  label_caption text,
  info_message text,
  link_info_message text,
  occurred_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX request_steps_request_position_uq ON request_steps (request_id, position);

-- The message thread of a request: what the member wrote and what the insurer answered.
CREATE TABLE request_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id uuid NOT NULL REFERENCES requests(id) ON DELETE CASCADE,
  direction text NOT NULL CHECK (direction IN ('member', 'insurer')),
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When the member read an insurer message; null for unread ones and for the member's own.
  read_at timestamptz
);
CREATE INDEX request_messages_request_idx ON request_messages (request_id, created_at);
