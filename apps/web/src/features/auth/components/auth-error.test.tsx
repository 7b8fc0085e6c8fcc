import { MEMBER_ERRORS as ERRORS, type MemberErrorCode as ErrorCode } from '@mutua/contracts/errors';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderAt } from '../../../test/render';
import { AuthErrorAlert, describeError, ERROR_ACTIONS } from './auth-error';

/** The login and account messages, each tied to one error code of contracts. */
const SECTION_8: ErrorCode[] = [
  'INVALID_CREDENTIALS',
  'ACCOUNT_BLOCKED',
  'MFA_BLOCKED',
  'IP_BLOCKED',
  'ACCOUNT_NOT_ACTIVATED',
  'ENVIRONMENT_NOT_AUTHORISED',
  'ENVIRONMENT_NOT_FOUND',
  'PROFILE_FAILURE',
  'MAIL_SEND_FAILED',
  'INTERNAL',
  'IDENTIFIERS_NOT_RECOGNISED',
  'ACCOUNT_ALREADY_CREATED',
  'EMPTY_RESPONSE',
  'UNAFFILIATED_ACCOUNT',
  'NAME_CHECK_FAILED',
  'USER_NOT_IDENTIFIED',
  'MFA_CODE_EXPIRED',
  'MFA_CODE_WRONG',
  'MFA_CODE_UNKNOWN',
  'SPAM_BLOCKED',
  'INSURED_UNKNOWN',
  'MAIL_ALREADY_SENT',
  'RESET_IDENTIFIERS_NOT_RECOGNISED',
  'LINK_EXPIRED',
  'LOGIN_EMAIL_ALREADY_USED',
  'ACTION_NOT_FOUND',
];

const apiError = (code: ErrorCode) => new ApiError({ code, status: ERRORS[code].status });

describe('error mapping (one place: ERRORS of contracts)', () => {
  it.each(SECTION_8)('%s → the French message of contracts', (code) => {
    expect(describeError(apiError(code)).message).toBe(ERRORS[code].message);
  });

  it('the code step texts are the spec’s', () => {
    expect(describeError(apiError('MFA_CODE_EXPIRED')).message).toBe('Code Expiré');
    expect(describeError(apiError('MFA_CODE_WRONG')).message).toBe('Code erroné');
    expect(describeError(apiError('MFA_CODE_UNKNOWN'))).toMatchObject({
      message: 'Code non reconnu. Veuillez générer un nouveau code.',
      action: { kind: 'regenerate' },
    });
  });

  it('follow-ups: activation, login, account creation, a new request', () => {
    expect(ERROR_ACTIONS.ACCOUNT_NOT_ACTIVATED).toMatchObject({ to: '/login/activate-account' });
    expect(ERROR_ACTIONS.ACCOUNT_ALREADY_CREATED).toMatchObject({ to: '/login' });
    expect(ERROR_ACTIONS.INSURED_UNKNOWN).toMatchObject({ to: '/login/create-account' });
    expect(ERROR_ACTIONS.LINK_EXPIRED).toMatchObject({ to: '/login/forgot-password' });
  });

  it('a screen can replace or drop a follow-up', () => {
    expect(
      describeError(apiError('LINK_EXPIRED'), { LINK_EXPIRED: { kind: 'link', label: 'Nouveau lien', to: '/login/create-account' } }).action,
    ).toMatchObject({
      to: '/login/create-account',
    });
    expect(describeError(apiError('ACCOUNT_NOT_ACTIVATED'), { ACCOUNT_NOT_ACTIVATED: null }).action).toBeNull();
  });

  it('anything else than an API error reads as the generic failure; no answer at all too', () => {
    expect(describeError(new Error('boom'))).toMatchObject({ code: 'INTERNAL', message: 'Un problème inattendu est survenu.' });
    expect(describeError(new ApiError({ code: 'NETWORK', status: 0 })).message).toBe('Un problème inattendu est survenu.');
  });

  it('renders as an alert with its link', async () => {
    renderAt(<AuthErrorAlert error={apiError('INSURED_UNKNOWN')} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Adhérent inconnu. Vous pouvez créer votre compte.');
    expect(within(alert).getByRole('link', { name: 'Créer mon compte' })).toHaveAttribute('href', '/login/create-account');
  });

  it('renders nothing without an error', () => {
    renderAt(<AuthErrorAlert error={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
