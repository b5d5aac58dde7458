/** Transactional e-mail: templates, the outbox, delivery (docs/decisions/014). */
export { DEFAULT_MAIL_FROM } from "./address";
export { type DeliveryResult, deliverDueMail, MAX_TENTATIVAS, retryDelayMs } from "./deliver";
export { createMailer, type Mailer, type MailerOptions } from "./mailer";
export { type EnqueueMailInput, enqueueMail, MAIL_CHANNEL } from "./outbox";
export { type RenderedMail, renderMail } from "./render";
export type { ConviteData, MailData, MailTemplateName, RedefinirSenhaData, VerificarEmailData } from "./templates";
