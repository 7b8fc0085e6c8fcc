import type { TBoAccessibilityReport } from '@mutua/contracts/accessibility-reports';
import { frenchDateWords } from '@mutua/contracts/french-format';
import { capitalizeName } from '@mutua/contracts/names';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { parisDate } from '../../lib/clock';
import { canonicalOrigin } from '../../plugins/tenant';
import { queueMail } from '../auth/public';
import { composeMail, mailBrandOf, type MailBrand, type RenderedMail } from '../mail/public';
import type { AppServices } from '../../core/module';

/**
 * The staff's answer to an accessibility report, e-mailed to the address the visitor gave, with the
 * remedies the statement names. Returns the write, to run in the transaction that records the answer.
 */
export async function prepareAnswerMail(
  services: AppServices,
  request: FastifyRequest,
  report: TBoAccessibilityReport,
  answer: string,
): Promise<(tx: Db) => Promise<void>> {
  const tenant = await services.directory.byId(report.tenantId);
  if (!tenant) return async () => {};
  const origin = services.publicUrl ? services.publicUrl.replace(/\/+$/, '') : canonicalOrigin(request, tenant);
  const brand = mailBrandOf(tenant, origin);
  const mail = accessibilityAnswerMail(brand, origin, report, answer);
  return (tx) => queueMail(services, { tenant, origin, brand }, report.email, mail, tx);
}

/** The answer mail itself (rendered apart so that every mail can be checked for accessibility). */
export function accessibilityAnswerMail(
  brand: MailBrand,
  origin: string,
  report: Pick<TBoAccessibilityReport, 'name' | 'page' | 'receivedAt'>,
  answer: string,
): RenderedMail {
  const paragraphs = answer
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return composeMail(
    'ACCESSIBILITY_REPORT_ANSWER',
    brand,
    `Réponse à votre signalement d’accessibilité ${brand.name}`,
    report.name ? `Bonjour ${capitalizeName(report.name)},` : 'Bonjour,',
    [
      {
        kind: 'p',
        text: `Vous nous avez signalé le ${frenchDateWords(parisDate(new Date(report.receivedAt)))} un problème d’accessibilité (page ou service\u00a0: ${report.page}). Voici notre réponse\u00a0:`,
      },
      ...paragraphs.map((text) => ({ kind: 'p' as const, text })),
      {
        kind: 'p',
        text: 'Si cette réponse ne vous permet pas d’accéder au contenu ou au service, vous pouvez saisir le Défenseur des droits (formulaire en ligne, délégué de votre région, ou courrier gratuit à Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07).',
      },
      { kind: 'button', label: 'Lire notre déclaration d’accessibilité', href: `${origin}/accessibilite` },
    ],
  );
}
