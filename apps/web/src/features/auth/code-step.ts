import type { LoginOutcome } from './api/login';
import { paths } from '../../lib/paths';
import { startCodeStep, startEmailChoice } from './mfa-state';

/** After a right password (login or activation): the code screen, or first the choice of address. */
export function enterCodeStep(outcome: LoginOutcome): string {
  if ('mfa' in outcome) {
    startCodeStep(outcome.mfa);
    return paths.mfa;
  }
  startEmailChoice(outcome.sessionId, outcome.emails);
  return paths.mfaEmailList;
}
