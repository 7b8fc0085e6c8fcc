import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { beneficiaries, contacts } from '../../db/schema';
import { canonicalOrigin } from '../../plugins/tenant';
import { queueMail } from '../auth/public';
import { composeMail, hello, mailBrandOf, type MailBrand, type RenderedMail } from '../mail/public';
import type { AppServices } from '../../core/module';

/** The management centre answered in a request's thread (back office). */
export function newMessageMail(brand: MailBrand, v: { firstName: string; link: string }): RenderedMail {
  return composeMail('NEW_MESSAGE', brand, 'Vous avez un nouveau message', hello(v.firstName), [
    { kind: 'p', text: `Votre centre de gestion ${brand.name} vous a répondu. Pour lire son message, connectez-vous à votre espace adhérent\u00a0:` },
    { kind: 'button', label: 'Lire mon message', href: v.link },
  ]);
}

/**
 * « Vous avez un nouveau message » for the member of a case, whenever the insurer writes to them (a
 * reply, a complaint's answer, a parts request, a refusal). Reads what it needs now (PGlite runs one
 * transaction at a time) and returns the write, to run in the transaction that stores the message: the
 * mail leaves only if the message is stored. Nothing to send without a tenant or an e-mail address.
 */
export async function prepareNewMessageMail(
  services: AppServices,
  request: FastifyRequest,
  target: { tenant_id: string; member_id: string },
): Promise<(tx: Db) => Promise<void>> {
  const tenant = await services.directory.byId(target.tenant_id);
  const [to] = await services.db
    .select({ email: contacts.email, firstName: beneficiaries.firstName })
    .from(contacts)
    .innerJoin(beneficiaries, and(eq(beneficiaries.memberId, contacts.memberId), eq(beneficiaries.familyPosition, 1)))
    .where(eq(contacts.memberId, target.member_id))
    .limit(1);
  if (!tenant || !to?.email) return async () => {};
  const origin = services.publicUrl ? services.publicUrl.replace(/\/+$/, '') : canonicalOrigin(request, tenant);
  const brand = mailBrandOf(tenant, origin);
  const mail = newMessageMail(brand, { firstName: to.firstName, link: `${origin}/home` });
  return (tx) => queueMail(services, { tenant, origin, brand }, to.email!, mail, tx);
}
