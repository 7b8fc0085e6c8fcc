/** What other modules may use of the mail module: the mailer and the branded layout their own templates compose. */
export { createMailer, type MailAttachment, type MailMessage, type Mailer } from './mailer';
export { composeMail, hello, mailBrandOf, type MailBlock, type MailBrand, type RenderedMail } from './templates';
