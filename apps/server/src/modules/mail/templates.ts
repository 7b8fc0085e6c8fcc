import { capitalizeName, formatDate } from '@mutua/contracts';
import type { Tenant } from '../../db/schema';
import { brandOf } from '../tenants/public';

/** What a mail needs of the tenant's brand: its name, colours, font, rounding and logo. */
export type MailBrand = {
  name: string;
  primary: string;
  onPrimary: string;
  heading: string;
  body: string;
  font: string;
  radius: number;
  /** Absolute URL of the tenant's logo. */
  logoUrl: string;
};

export function mailBrandOf(tenant: Tenant, origin: string): MailBrand {
  const brand = brandOf(tenant);
  const charter = brand.graphical_charter;
  return {
    name: tenant.name,
    primary: charter.colors.primary,
    onPrimary: charter.fontColors.onPrimary,
    heading: charter.fontColors.heading,
    body: charter.fontColors.body,
    font: charter.fonts.body,
    radius: charter.rounding.medium,
    logoUrl: `${origin}${charter.logo}`,
  };
}

export const MAIL_KINDS = ['MFA_CODE', 'CREATE_ACCOUNT_LINK', 'FORGOTTEN_LOGIN', 'PASSWORD_RESET_LINK', 'PASSWORD_CHANGED', 'CONTACT_CHANGE_LINK', 'CONTACT_CHANGED', 'TERMINATION_ACKNOWLEDGEMENT', 'NEW_MESSAGE', 'TP_CARD', 'ACCESSIBILITY_REPORT_ANSWER'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export type RenderedMail = { kind: MailKind; subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);


export type MailBlock = { kind: 'p'; text: string } | { kind: 'code'; text: string } | { kind: 'button'; label: string; href: string } | { kind: 'list'; items: string[] };

/** One mail as paragraphs, a code or a button: rendered both as branded HTML and as plain text. */
export function composeMail(kind: MailKind, brand: MailBrand, subject: string, greeting: string, blocks: MailBlock[]): RenderedMail {
  const footer = `Ce message vous a été envoyé automatiquement par ${brand.name}. Merci de ne pas y répondre.`;
  const textParts = [greeting, ''];
  const htmlParts: string[] = [];
  const p = `margin:0 0 16px;font-size:15px;line-height:1.5;color:${brand.body}`;
  for (const block of blocks) {
    if (block.kind === 'p') {
      textParts.push(block.text, '');
      htmlParts.push(`<p style="${p}">${escapeHtml(block.text)}</p>`);
    } else if (block.kind === 'code') {
      textParts.push(`    ${block.text}`, '');
      htmlParts.push(
        `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;color:${brand.heading};text-align:center">${escapeHtml(block.text)}</p>`,
      );
    } else if (block.kind === 'list') {
      textParts.push(...block.items.map((i) => `  - ${i}`), '');
      htmlParts.push(`<ul style="${p}">${block.items.map((i) => `<li><strong>${escapeHtml(i)}</strong></li>`).join('')}</ul>`);
    } else {
      textParts.push(`${block.label}\u00a0: ${block.href}`, '');
      htmlParts.push(
        `<p style="margin:0 0 16px;text-align:center"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:12px 24px;background:${brand.primary};color:${brand.onPrimary};text-decoration:none;font-weight:700;border-radius:${brand.radius}px">${escapeHtml(block.label)}</a></p>` +
          `<p style="margin:0 0 16px;font-size:12px;line-height:1.4;color:${brand.body};word-break:break-all">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur\u00a0: ${escapeHtml(block.href)}</p>`,
      );
    }
  }
  textParts.push('—', footer);
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:${escapeHtml(brand.font)}">
<div role="main">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:${brand.radius}px;overflow:hidden">
<tr><td style="padding:20px 24px;border-bottom:4px solid ${brand.primary}"><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" height="48" style="display:block;height:48px"></td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;color:${brand.heading}">${escapeHtml(subject)}</h1>
<p style="${p}">${escapeHtml(greeting)}</p>
${htmlParts.join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;background:${brand.primary};color:${brand.onPrimary};font-size:12px">${escapeHtml(footer)}</td></tr>
</table></td></tr></table>
</div>
</body></html>`;
  return { kind, subject, text: textParts.join('\n'), html };
}

const hello = (firstName: string) => `Bonjour ${capitalizeName(firstName)},`;

/** The French mails of the sign-in area, each carrying the tenant's brand. */
export const mailTemplates = {
  mfaCode(brand: MailBrand, v: { firstName: string; code: string; minutes: number }): RenderedMail {
    return composeMail('MFA_CODE', brand, `Votre code de vérification en deux étapes ${brand.name}`, hello(v.firstName), [
      { kind: 'p', text: 'Voici le code de vérification en deux étapes à saisir pour accéder à votre espace adhérent\u00a0:' },
      { kind: 'code', text: v.code },
      { kind: 'p', text: `Ce code est valable ${v.minutes} minutes et ne peut servir qu’une fois.` },
      { kind: 'p', text: 'Si vous n’êtes pas à l’origine de cette connexion, ne communiquez ce code à personne et changez votre mot de passe.' },
    ]);
  },

  createAccountLink(brand: MailBrand, v: { firstName: string; link: string; hours: number }): RenderedMail {
    return composeMail('CREATE_ACCOUNT_LINK', brand, `Créez votre espace adhérent ${brand.name}`, hello(v.firstName), [
      { kind: 'p', text: 'Vous avez demandé à créer votre espace adhérent. Pour choisir votre identifiant et votre mot de passe, suivez ce lien\u00a0:' },
      { kind: 'button', label: 'Créer mon compte', href: v.link },
      { kind: 'p', text: `Ce lien est valable ${v.hours} heures et ne peut servir qu’une fois.` },
      { kind: 'p', text: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.' },
    ]);
  },

  forgottenLogin(brand: MailBrand, v: { firstName: string; logins: string[]; loginUrl: string }): RenderedMail {
    return composeMail('FORGOTTEN_LOGIN', brand, `Votre identifiant ${brand.name}`, hello(v.firstName), [
      { kind: 'p', text: v.logins.length > 1 ? 'Vous pouvez vous connecter avec l’un de ces identifiants\u00a0:' : 'Votre identifiant de connexion est\u00a0:' },
      { kind: 'list', items: v.logins },
      { kind: 'button', label: 'Me connecter', href: v.loginUrl },
      { kind: 'p', text: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.' },
    ]);
  },

  /** Forgot-login for a member who has no account yet: the way to create one. */
  forgottenLoginNoAccount(brand: MailBrand, v: { firstName: string; createAccountUrl: string }): RenderedMail {
    return composeMail('FORGOTTEN_LOGIN', brand, `Votre identifiant ${brand.name}`, hello(v.firstName), [
      { kind: 'p', text: 'Vous n’avez pas encore créé votre espace adhérent. Vous pouvez le créer dès maintenant\u00a0:' },
      { kind: 'button', label: 'Créer mon compte', href: v.createAccountUrl },
      { kind: 'p', text: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.' },
    ]);
  },

  passwordResetLink(brand: MailBrand, v: { firstName: string; link: string; minutes: number }): RenderedMail {
    return composeMail('PASSWORD_RESET_LINK', brand, `Réinitialisation de votre mot de passe ${brand.name}`, hello(v.firstName), [
      { kind: 'p', text: 'Vous avez demandé à réinitialiser votre mot de passe. Pour en choisir un nouveau, suivez ce lien\u00a0:' },
      { kind: 'button', label: 'Choisir un nouveau mot de passe', href: v.link },
      { kind: 'p', text: `Ce lien est valable ${v.minutes} minutes et ne peut servir qu’une fois.` },
      { kind: 'p', text: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: votre mot de passe reste inchangé.' },
    ]);
  },

  /** To the NEW address: confirm it before it receives codes and mails. */
  contactChangeLink(brand: MailBrand, v: { firstName: string; link: string; hours: number }): RenderedMail {
    return composeMail('CONTACT_CHANGE_LINK', brand, `Confirmez votre nouvelle adresse e-mail ${brand.name}`, hello(v.firstName), [
      { kind: 'p', text: 'Vous avez demandé à utiliser cette adresse pour votre espace adhérent. Pour la confirmer, suivez ce lien en étant connecté à votre espace\u00a0:' },
      { kind: 'button', label: 'Confirmer cette adresse', href: v.link },
      { kind: 'p', text: `Ce lien est valable ${v.hours} heures et ne peut servir qu’une fois.` },
      { kind: 'p', text: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: rien ne sera modifié.' },
    ]);
  },

  /** To the OLD address once a change is confirmed: what changed, and what to do if it was not them. */
  contactChanged(brand: MailBrand, v: { firstName: string; what: 'EMAIL' | 'MOBILE'; newValue: string; at: Date; forgotPasswordUrl: string }): RenderedMail {
    const what = v.what === 'EMAIL' ? 'L’adresse e-mail qui reçoit vos codes de vérification en deux étapes a été remplacée' : 'Le numéro de mobile de votre espace adhérent a été remplacé';
    return composeMail('CONTACT_CHANGED', brand, v.what === 'EMAIL' ? `Votre adresse e-mail ${brand.name} a été modifiée` : `Votre numéro de mobile ${brand.name} a été modifié`, hello(v.firstName), [
      { kind: 'p', text: `${what} le ${formatDate(v.at, 'words')} par\u00a0: ${v.newValue}.` },
      { kind: 'p', text: 'Si vous n’êtes pas à l’origine de ce changement, réinitialisez votre mot de passe sans attendre et contactez-nous\u00a0:' },
      { kind: 'button', label: 'Réinitialiser mon mot de passe', href: v.forgotPasswordUrl },
    ]);
  },

  /** The management centre answered in a request's thread (back office). */
  newMessage(brand: MailBrand, v: { firstName: string; link: string }): RenderedMail {
    return composeMail('NEW_MESSAGE', brand, 'Vous avez un nouveau message', hello(v.firstName), [
      { kind: 'p', text: `Votre centre de gestion ${brand.name} vous a répondu. Pour lire son message, connectez-vous à votre espace adhérent\u00a0:` },
      { kind: 'button', label: 'Lire mon message', href: v.link },
    ]);
  },

  passwordChanged(brand: MailBrand, v: { firstName: string; at: Date; forgotPasswordUrl: string }): RenderedMail {
    return composeMail('PASSWORD_CHANGED', brand, `Votre mot de passe ${brand.name} a été modifié`, hello(v.firstName), [
      { kind: 'p', text: `Le mot de passe de votre espace adhérent a été modifié le ${formatDate(v.at, 'words')}.` },
      { kind: 'p', text: 'Si vous n’êtes pas à l’origine de ce changement, réinitialisez votre mot de passe sans attendre et contactez-nous\u00a0:' },
      { kind: 'button', label: 'Réinitialiser mon mot de passe', href: v.forgotPasswordUrl },
    ]);
  },
};
