/** The emails we send. Plain text first (it is what the dev mailbox shows), with a simple HTML twin. */
import type { MailMessage } from "./mailer";

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function verificationEmail(to: string, link: string): MailMessage {
  const text = [
    "Welcome to Headshot Studio!",
    "",
    "Please confirm your email address to receive your 2 free headshot generations:",
    "",
    link,
    "",
    "This link works once and expires in 24 hours. If you did not create an account, you can ignore this email.",
  ].join("\n");
  const html = `<p>Welcome to Headshot Studio!</p><p>Please confirm your email address to receive your 2 free headshot generations:</p><p><a href="${escape(link)}">Verify my email address</a></p><p>This link works once and expires in 24 hours. If you did not create an account, you can ignore this email.</p>`;
  return { to, subject: "Verify your email for Headshot Studio", text, html };
}
