import { formatDate } from '@mutua/contracts/french-format';
import { composeMail, hello, type MailBlock, type MailBrand, type RenderedMail } from '../mail/public';

/** The closing line of a mail sent on a request the member may not have made. */
const NOT_YOURS: MailBlock = { kind: 'p', text: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.' };
/** How long a mailed link (or code) works: once, within `validity`. */
const singleUse = (what: 'lien' | 'code', validity: string): MailBlock => ({
  kind: 'p',
  text: `Ce ${what} est valable ${validity} et ne peut servir qu’une fois.`,
});

/** The French mails of the sign-in area, each carrying the tenant's brand. */
export const authMails = {
  mfaCode(brand: MailBrand, v: { firstName: string; code: string; minutes: number }): RenderedMail {
    return composeMail('MFA_CODE', brand, `Votre code de vérification en deux étapes ${brand.name}`, hello(v.firstName), [
      { kind: 'p', text: 'Voici le code de vérification en deux étapes à saisir pour accéder à votre espace adhérent\u00a0:' },
      { kind: 'code', text: v.code },
      singleUse('code', `${v.minutes} minutes`),
      { kind: 'p', text: 'Si vous n’êtes pas à l’origine de cette connexion, ne communiquez ce code à personne et changez votre mot de passe.' },
    ]);
  },

  createAccountLink(brand: MailBrand, v: { firstName: string; link: string; hours: number }): RenderedMail {
    return composeMail('CREATE_ACCOUNT_LINK', brand, `Créez votre espace adhérent ${brand.name}`, hello(v.firstName), [
      { kind: 'p', text: 'Vous avez demandé à créer votre espace adhérent. Pour choisir votre identifiant et votre mot de passe, suivez ce lien\u00a0:' },
      { kind: 'button', label: 'Créer mon compte', href: v.link },
      singleUse('lien', `${v.hours} heures`),
      NOT_YOURS,
    ]);
  },

  forgottenLogin(brand: MailBrand, v: { firstName: string; logins: string[]; loginUrl: string }): RenderedMail {
    return composeMail('FORGOTTEN_LOGIN', brand, `Votre identifiant ${brand.name}`, hello(v.firstName), [
      {
        kind: 'p',
        text: v.logins.length > 1 ? 'Vous pouvez vous connecter avec l’un de ces identifiants\u00a0:' : 'Votre identifiant de connexion est\u00a0:',
      },
      { kind: 'list', items: v.logins },
      { kind: 'button', label: 'Me connecter', href: v.loginUrl },
      NOT_YOURS,
    ]);
  },

  /** Forgot-login for a member who has no account yet: the way to create one. */
  forgottenLoginNoAccount(brand: MailBrand, v: { firstName: string; createAccountUrl: string }): RenderedMail {
    return composeMail('FORGOTTEN_LOGIN', brand, `Votre identifiant ${brand.name}`, hello(v.firstName), [
      { kind: 'p', text: 'Vous n’avez pas encore créé votre espace adhérent. Vous pouvez le créer dès maintenant\u00a0:' },
      { kind: 'button', label: 'Créer mon compte', href: v.createAccountUrl },
      NOT_YOURS,
    ]);
  },

  passwordResetLink(brand: MailBrand, v: { firstName: string; link: string; minutes: number }): RenderedMail {
    return composeMail('PASSWORD_RESET_LINK', brand, `Réinitialisation de votre mot de passe ${brand.name}`, hello(v.firstName), [
      { kind: 'p', text: 'Vous avez demandé à réinitialiser votre mot de passe. Pour en choisir un nouveau, suivez ce lien\u00a0:' },
      { kind: 'button', label: 'Choisir un nouveau mot de passe', href: v.link },
      singleUse('lien', `${v.minutes} minutes`),
      { kind: 'p', text: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message\u00a0: votre mot de passe reste inchangé.' },
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
