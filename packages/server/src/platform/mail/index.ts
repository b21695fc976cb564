export { createMailer, type Mailer } from './mailer.js';
