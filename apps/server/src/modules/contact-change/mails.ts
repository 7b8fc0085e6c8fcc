import { formatDate } from '@mutua/contracts/french-format';
import { composeMail, hello, type MailBrand, type RenderedMail } from '../mail/public';

/** The French mails of a change of e-mail address or mobile number, each carrying the tenant's brand. */
export const contactChangeMails = {
  /** To the NEW address: confirm it before it receives codes and mails. */
  contactChangeLink(brand: MailBrand, v: { firstName: string; link: string; hours: number }): RenderedMail {
    return composeMail('CONTACT_CHANGE_LINK', brand, `Confirmez votre nouvelle adresse e-mail ${brand.name}`, hello(v.firstName), [
      {
        kind: 'p',
        text: 'Vous avez demandé à utiliser cette adresse pour votre espace adhérent. Pour la confirmer, suivez ce lien en étant connecté à votre espace\u00a0:',
      },
      { kind: 'button', label: 'Confirmer cette adresse', href: v.link },
      { kind: 'p', text: `Ce lien est valable ${v.hours} heures et ne peut servir qu’une fois.` },
      { kind: 'p', text: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: rien ne sera modifié.' },
    ]);
  },

  /** To the OLD address once a change is confirmed: what changed, and what to do if it was not them. */
  contactChanged(brand: MailBrand, v: { firstName: string; what: 'EMAIL' | 'MOBILE'; newValue: string; at: Date; forgotPasswordUrl: string }): RenderedMail {
    const what =
      v.what === 'EMAIL'
        ? 'L’adresse e-mail qui reçoit vos codes de vérification en deux étapes a été remplacée'
        : 'Le numéro de mobile de votre espace adhérent a été remplacé';
    return composeMail(
      'CONTACT_CHANGED',
      brand,
      v.what === 'EMAIL' ? `Votre adresse e-mail ${brand.name} a été modifiée` : `Votre numéro de mobile ${brand.name} a été modifié`,
      hello(v.firstName),
      [
        { kind: 'p', text: `${what} le ${formatDate(v.at, 'words')} par\u00a0: ${v.newValue}.` },
        { kind: 'p', text: 'Si vous n’êtes pas à l’origine de ce changement, réinitialisez votre mot de passe sans attendre et contactez-nous\u00a0:' },
        { kind: 'button', label: 'Réinitialiser mon mot de passe', href: v.forgotPasswordUrl },
      ],
    );
  },
};
