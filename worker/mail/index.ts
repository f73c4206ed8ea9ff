/** The mail area's public module: the mailer (Resend, or the dev mailbox in R2) and every email's words. */
export { createMailer, DevMailbox, type MailMessage, type Mailer } from "./mailer";
export {
  cancellationEmail,
  duplicateSubscriptionEmail,
  emailChangeEmail,
  emailChangedNotice,
  modelGoneEmail,
  modelShutdownEmail,
  OPERATOR_LOCALE,
  passwordChangedNotice,
  paymentReceiptEmail,
  refundReceiptEmail,
  passwordResetEmail,
  planWord,
  priceChangeEmail,
  priceChangeWithdrawnEmail,
  shootReadyEmail,
  teamInvitationEmail,
  teamPhotoReminderEmail,
  verificationEmail,
} from "./templates";
