import { capitalizeName } from '@mutua/contracts/names';
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

/** What a mail is (e.g. MFA_CODE), one of the `mailKinds` its module's manifest declares. */
export type MailKind = string;

export type RenderedMail = { kind: MailKind; subject: string; text: string; html: string };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export type MailBlock =
  { kind: 'p'; text: string } | { kind: 'code'; text: string } | { kind: 'button'; label: string; href: string } | { kind: 'list'; items: string[] };

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

/** « Bonjour Léa, »: the greeting of every mail to a member. */
export const hello = (firstName: string) => `Bonjour ${capitalizeName(firstName)},`;
