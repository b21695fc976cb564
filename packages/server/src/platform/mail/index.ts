export { createMailer, type Mailer } from './mailer.js';
export { deleteOutboxMailsMentioning } from './outbox.js';
