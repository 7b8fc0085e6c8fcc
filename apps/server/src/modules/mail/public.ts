/** What other modules may use of the mail module: the mailer and the branded templates. */
export { createMailer, type MailAttachment, type MailMessage, type Mailer } from './mailer';
export { composeMail, mailBrandOf, mailTemplates, type MailBlock, type MailBrand, type RenderedMail } from './templates';
