import { z } from 'zod';
import { dataEnvelope } from './api';

// ——— Constants of the navigation guard and the sign-in ————————————————————————————————

export const MFA_CODE_LENGTH = 6;
/** Wrong codes allowed on one login attempt; the last one blocks the code step for MFA_BLOCK_HOURS. */
export const MFA_MAX_ATTEMPTS = 5;
export const MFA_BLOCK_HOURS = 2;
/** Defaults of the tenant settings mfaCodeDurationMinutes / mfaResendTimeoutSeconds. */
export const MFA_DEFAULT_CODE_DURATION_MINUTES = 10;
export const MFA_DEFAULT_RESEND_TIMEOUT_SECONDS = 120;
/** Consecutive wrong passwords before the account is blocked for ACCOUNT_BLOCK_HOURS. */
export const PASSWORD_MAX_FAILURES = 5;
export const ACCOUNT_BLOCK_HOURS = 3;
export const PASSWORD_RESET_LINK_MINUTES = 60;
export const CREATE_ACCOUNT_LINK_HOURS = 24;
/** After this many days the password-validity popup invites the member to change it. */
export const PASSWORD_VALIDITY_DAYS = 365;
export const SESSION_IDLE_MINUTES = 30;
export const SESSION_ABSOLUTE_HOURS = 12;

/** The HttpOnly session cookie (the SPA never reads it; `vauth` mirrors it). */
export const SESSION_COOKIE = 'mutua_sid';

// ——— Identifiers ————————————————————————————————————————————————————————————————

/** The identifiers offered when the account is created. */
export const CREATION_LOGIN_TYPES = ['EMAIL', 'MEMBERSHIP_NUMBER'] as const;
export type CreationLoginType = (typeof CREATION_LOGIN_TYPES)[number];
/** NIR: the main insured's social security number and key, chosen later where the tenant's NIR_LOGIN toggle is on. */
export const LOGIN_TYPES = [...CREATION_LOGIN_TYPES, 'NIR'] as const;
export const ZLoginType = z.enum(LOGIN_TYPES);
export type LoginType = z.infer<typeof ZLoginType>;

export const MEMBERSHIP_NUMBER_PATTERN = /^[0-9]{8}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The shape only (13 characters, 2A/2B, then the 2-digit key): the server checks the key (account.ts isValidNir). */
const NIR_LOGIN_PATTERN = /^[1-478][0-9]{4}(?:[0-9]{2}|2A|2B)[0-9]{8}$/;
const compactNir = (value: string) => value.replace(/\s/g, '').toUpperCase();

/** What a typed identifier is: an 8-digit membership number, an e-mail address, a NIR with its key (spaces allowed), or neither. */
export function loginTypeOf(identifier: string): LoginType | null {
  const value = identifier.trim();
  if (MEMBERSHIP_NUMBER_PATTERN.test(value)) return 'MEMBERSHIP_NUMBER';
  if (value.length <= 254 && EMAIL_PATTERN.test(value)) return 'EMAIL';
  if (NIR_LOGIN_PATTERN.test(compactNir(value))) return 'NIR';
  return null;
}

/** Trimmed; e-mail addresses lower-cased (logins are case-insensitive); a NIR without its spaces, 2A/2B upper-cased. */
export function normaliseLogin(identifier: string): string {
  const value = identifier.trim();
  const type = loginTypeOf(value);
  return type === 'EMAIL' ? value.toLowerCase() : type === 'NIR' ? compactNir(value) : value;
}

/** The password field left empty (login and activation forms). */
export const PASSWORD_MISSING_MESSAGE = 'Saisissez votre mot de passe.';
export const IDENTIFIER_MESSAGE = 'Saisissez votre adresse e-mail ou votre numéro d’adhérent (8 chiffres).';
/** The login field of the forms: e-mail or 8-digit membership number. */
export const ZLoginIdentifier = z
  .string()
  .trim()
  .min(1, IDENTIFIER_MESSAGE)
  .max(254, IDENTIFIER_MESSAGE)
  .refine((v) => loginTypeOf(v) !== null, IDENTIFIER_MESSAGE);

export const ZMembershipNumber = z.string().trim().regex(MEMBERSHIP_NUMBER_PATTERN, 'Le numéro d’adhérent compte 8 chiffres.');
export const ZEmail = z.string().trim().max(254).pipe(z.email('Adresse e-mail invalide.'));
/** YYYY-MM-DD. */
export const ZIsoDate = z.iso.date('Date invalide.');

/**
 * `camille.durand@example.com` → `c***e@example.com`; short local parts keep only their first
 * character. Used wherever an address is shown before the session is open.
 */
export function maskEmail(email: string, keep = 1): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length <= keep + 1) return `${local.slice(0, 1)}***@${domain}`;
  return `${local.slice(0, keep)}***${local.slice(-1)}@${domain}`;
}

/** Masks a list so that no two entries look alike (reveals more leading characters when needed). */
export function maskEmails(emails: readonly string[]): string[] {
  for (let keep = 1; keep < 64; keep++) {
    const masked = emails.map((e) => maskEmail(e, keep));
    if (new Set(masked).size === masked.length) return masked;
  }
  return [...emails];
}

// ——— Login and two-step verification (« vérification en deux étapes », not MFA: CNIL 2025-019) ———

/** POST /api/auth/login and POST /api/auth/activate-account/affiliation. */
export const ZLoginRequest = z.object({
  grant_type: z.literal('PASSWORD'),
  /** Any text is accepted here: an identifier of the wrong shape simply matches no account. */
  login: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
  /** The member confirmed, after the spam-block guide, that our mails are no longer flagged as spam. */
  spam_cleared: z.boolean().optional().default(false),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

/** The code step: where the code went (masked), how long it lives, when it may be resent. */
export const ZMfaState = z.object({
  /** Masked address the code was sent to. */
  email: z.string(),
  /** Validity of a code, in minutes (tenant setting, 10 by default). */
  codeDuration: z.number().int().positive(),
  /** Identifies this login attempt on select-email, validate-mfa and regenerate-mfa. */
  sessionId: z.string(),
  expired: z.boolean(),
  /** ISO timestamp at which the current code stops being accepted. */
  expiresAt: z.string(),
  /** Seconds to wait after a send before asking for a new code (120 by default). */
  resendTimeout: z.number().int().nonnegative(),
  /** ISO timestamp from which regenerate-mfa is accepted. */
  resendAvailableAt: z.string(),
  /** Sender of the code mail, to help the member find it. */
  environmentNoReplyEmail: z.string(),
});
export type TMfaState = z.infer<typeof ZMfaState>;

export const ZMfaStateData = z.object({ mfa: ZMfaState });
/** When the member has two addresses: choose one with select-email (entries are masked). */
export const ZEmailChoiceData = z.object({ sessionId: z.string(), emails: z.array(z.string()).min(2) });
export const ZLoginResponse = dataEnvelope(z.union([ZMfaStateData, ZEmailChoiceData]));
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZAttemptId = z.string().min(16).max(128);

/** POST /api/auth/select-email: `email` is one of the masked entries of the list. */
export const ZSelectEmailRequest = z.object({ sessionId: ZAttemptId, email: z.string().min(1).max(254) });
export const ZMfaStateResponse = dataEnvelope(ZMfaStateData);

export const ZMfaCode = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, 'Le code compte 6 chiffres.');
/** POST /api/auth/validate-mfa: opens the session (cookies) when the code is right. */
export const ZValidateMfaRequest = z.object({ sessionId: ZAttemptId, code: ZMfaCode });
export const ZValidateMfaResponse = dataEnvelope(z.object({ authenticated: z.literal(true) }));

/** POST /api/auth/regenerate-mfa: a new code replaces the previous one. */
export const ZRegenerateMfaRequest = z.object({ sessionId: ZAttemptId });

/** GET /api/auth/logout → { data: { data: { url } } }: where the browser goes next (null: login). */
export const ZLogoutResponse = dataEnvelope(z.object({ data: z.object({ url: z.string().nullable() }) }));

/** GET /api/auth/profile: who is signed in. */
export const ZProfile = z.object({
  membershipNumber: z.string(),
  firstName: z.string(),
  surName: z.string(),
  loginType: ZLoginType,
  /** The identifier the member signs in with (membership number or login e-mail). */
  login: z.string(),
  loginEmail: z.string().nullable(),
  passwordLastModification: z.string(),
  mustRenewPassword: z.boolean(),
  isBoAuthentication: z.boolean(),
  lastConnection: z.string().nullable(),
});
export type TProfile = z.infer<typeof ZProfile>;
export const ZProfileResponse = dataEnvelope(ZProfile);

// ——— Account creation and recovery ————————————————————————————————————————————————

/** POST /api/auth/login/create-account-validation and …/create-account. */
export const ZCreateAccountRequest = z.object({
  membershipNumber: ZMembershipNumber,
  surName: z.string().trim().min(1).max(100),
  birthDate: ZIsoDate,
});
export type TCreateAccountRequest = z.infer<typeof ZCreateAccountRequest>;
/** The masked address the create-account link goes (or went) to. */
export const ZCreateAccountResponse = dataEnvelope(z.object({ email: z.string() }));

/** GET /api/auth/login/get-logins?token=…: the identifiers the member may choose from. */
export const ZGetLoginsQuery = z.object({ token: z.string().min(16).max(128) });
export const ZLoginChoice = z.object({ type: z.enum(CREATION_LOGIN_TYPES), value: z.string() });
export const ZGetLoginsResponse = dataEnvelope(z.object({ firstName: z.string(), membershipNumber: z.string(), logins: z.array(ZLoginChoice) }));

/** POST /api/auth/login/create-account-final-step: the password rule is checked by the server too. */
export const ZCreateAccountFinalStepRequest = z.object({
  token: z.string().min(16).max(128),
  /** The NIR is chosen later, in the personal information (where the tenant allows it). */
  loginType: z.enum(CREATION_LOGIN_TYPES),
  password: z.string().min(1).max(1024),
});
export const ZCreateAccountFinalStepResponse = dataEnvelope(z.object({ login: z.string() }));

/** POST /api/auth/login/forgot-login: the login is mailed to this address if an account has it. */
export const ZForgotLoginRequest = z.object({ email: ZEmail });
/** Same answer whether or not anything matched. */
export const ZSentResponse = dataEnvelope(z.object({ sent: z.literal(true) }));

/** Social security number: 13 characters (2A/2B for Corsica), optionally followed by its 2-digit key. */
export const ZSocialSecurityNumber = z
  .string()
  .transform((v) => v.replace(/[\s.-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[12][0-9]{4}(?:[0-9]{2}|2A|2B)[0-9]{6}(?:[0-9]{2})?$/, 'Numéro de sécurité sociale invalide.'));

/** POST /api/auth/login/forgot-password: a reset link is mailed if the pair matches an account. */
export const ZForgotPasswordRequest = z.object({ login: z.string().trim().min(1).max(254), socialSecurityNumber: ZSocialSecurityNumber });

/** GET /api/auth/login/forgot-password/reset-validation?token=…: is the link still usable? */
export const ZResetTokenQuery = z.object({ token: z.string().min(16).max(128) });
export const ZResetTokenResponse = dataEnvelope(z.object({ valid: z.literal(true), expiresAt: z.string() }));
/** POST /api/auth/login/forgot-password/reset-validation: sets the new password (link used once). */
export const ZResetPasswordRequest = z.object({ token: z.string().min(16).max(128), password: z.string().min(1).max(1024) });
export const ZOkResponse = dataEnvelope(z.object({ ok: z.literal(true) }));

// ——— Signed-in account changes and gates ——————————————————————————————————————————

/**
 * PUT /api/auth/login/update: the member's own membership number, one of their contact e-mails, or
 * `{ loginType: 'NIR' }` (the main insured's NIR and key, known to the server; tenant toggle NIR_LOGIN).
 */
export const ZLoginUpdateRequest = z.union([z.object({ login: ZLoginIdentifier }), z.object({ loginType: z.literal('NIR') })]);
export const ZLoginUpdateResponse = dataEnvelope(z.object({ loginType: ZLoginType, login: z.string() }));

/** PUT /api/auth/password: renewal (or any change) of the password of the signed-in member. */
export const ZPasswordUpdateRequest = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().min(1).max(1024),
});
