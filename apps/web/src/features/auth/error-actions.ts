import type { ApiErrorCode } from '../../lib/api-client';
import { paths } from '../../lib/paths';

/** What the member can do next after an error: a link, or generating a new code. */
export type ErrorAction = { kind: 'link'; label: string; to: string } | { kind: 'regenerate'; label: string };

/**
 * The follow-up offered with each login and account message. The message
 * itself is always MEMBER_ERRORS[code].message from contracts (errorMessage): one place for the texts.
 */
export const ERROR_ACTIONS: Partial<Record<ApiErrorCode, ErrorAction>> = {
  ACCOUNT_NOT_ACTIVATED: { kind: 'link', label: 'Activer mon compte', to: paths.activateAccount },
  ACCOUNT_ALREADY_CREATED: { kind: 'link', label: 'Me connecter', to: paths.login },
  INSURED_UNKNOWN: { kind: 'link', label: 'Créer mon compte', to: paths.createAccount },
  USER_NOT_IDENTIFIED: { kind: 'link', label: 'Créer mon compte', to: paths.createAccount },
  LINK_EXPIRED: { kind: 'link', label: 'Faire une nouvelle demande', to: paths.forgotPassword },
  MFA_CODE_UNKNOWN: { kind: 'regenerate', label: 'Générer un nouveau code' },
  MFA_CODE_EXPIRED: { kind: 'regenerate', label: 'Générer un nouveau code' },
  MAIL_SEND_FAILED: { kind: 'regenerate', label: 'Générer un nouveau code' },
  MFA_BLOCKED: { kind: 'link', label: 'Retour à la connexion', to: paths.login },
};
