export { createMailer, type Mailer, type MailMessage, type MailAttachment, type MailerOptions } from './mailer.js';
