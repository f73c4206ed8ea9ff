/**
 * One mail interface. Production sends through an HTTP email API (Resend: MAIL_PROVIDER=resend,
 * MAIL_API_KEY); local runs and tests use the dev mailbox (MAIL_PROVIDER=dev), which keeps every message
 * in the IMAGES bucket under `dev/mailbox/` where GET /api/dev/mailbox reads it
 * (docs/decisions/013-dev-mailbox-in-r2.md).
 */
import type { Config } from "../config";
import { ConfigError } from "../config";
import type { Locale } from "../../copy";

export interface MailMessage {
  to: string;
  /** The language it is written in (issue 50): the recipient account's, or the request's for an address with no account. */
  locale: Locale;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface StoredMail {
  to: string;
  /** The language the mail was written in (issue 50); absent on mail stored before it was recorded. */
  locale?: Locale;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
}

export const MAILBOX_PREFIX = "dev/mailbox/";
const RESEND_URL = "https://api.resend.com/emails";

/** Every http(s) URL in a text, in order, without duplicates or sentence punctuation after it. */
export function extractLinks(text: string): string[] {
  const urls = (text.match(/https?:\/\/[^\s<>"')]+/g) ?? []).map((u) => u.replace(/[.,;:!?]+$/, ""));
  return [...new Set(urls)];
}

const mailboxFolder = (to: string) => `${MAILBOX_PREFIX}${encodeURIComponent(to.trim().toLowerCase())}/`;

/** Keys sort newest first: the time part counts down. */
const mailboxKey = (to: string, now: number) =>
  `${mailboxFolder(to)}${String(9_999_999_999_999 - now).padStart(13, "0")}-${crypto.randomUUID()}.json`;

export class DevMailbox implements Mailer {
  constructor(private readonly bucket: R2Bucket) {}

  async send(message: MailMessage): Promise<void> {
    const now = Date.now();
    const stored: StoredMail = {
      to: message.to,
      locale: message.locale,
      subject: message.subject,
      text: message.text,
      links: extractLinks(message.text),
      sentAt: new Date(now).toISOString(),
    };
    await this.bucket.put(mailboxKey(message.to, now), JSON.stringify(stored), {
      httpMetadata: { contentType: "application/json" },
    });
  }

  /** The messages sent to `to`, newest first. */
  async list(to: string, limit = 50): Promise<StoredMail[]> {
    const page = await this.bucket.list({ prefix: mailboxFolder(to), limit });
    const messages = await Promise.all(page.objects.map(async (o) => (await this.bucket.get(o.key))?.json<StoredMail>()));
    return messages.filter((m): m is StoredMail => Boolean(m));
  }
}

export class ResendMailer implements Mailer {
  constructor(
    private readonly apiKey: string,
    private readonly from: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const res = await this.fetcher(RESEND_URL, {
      method: "POST",
      headers: { Authorization: `Bearer ${this.apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({ from: this.from, to: [message.to], subject: message.subject, text: message.text, html: message.html }),
    });
    if (!res.ok) throw new Error(`mail provider answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }
}

export function createMailer(config: Pick<Config, "MAIL_PROVIDER" | "MAIL_API_KEY" | "MAIL_FROM">, env: Pick<Env, "IMAGES">): Mailer {
  if (config.MAIL_PROVIDER === "dev") return new DevMailbox(env.IMAGES);
  if (!config.MAIL_API_KEY) throw new ConfigError(["MAIL_API_KEY: required when MAIL_PROVIDER is resend"]);
  return new ResendMailer(config.MAIL_API_KEY, config.MAIL_FROM);
}
