/**
 * Production refuses development (issue 38, decision 185): with ENVIRONMENT=production every secret is set, no
 * variable points at a local stand-in, the dev mailbox is off and APP_URL is https. worker/config.ts adds these
 * problems to the schema's, in one list. No worker imports (the plan table only) and no worker types: dev/check-secrets.ts (Node) reads
 * PRODUCTION_SECRETS too.
 */
import { STRIPE_PRICE_VARS } from "../domain/plans";

/**
 * What `wrangler secret put` must have set before a deploy (dev/check-secrets.ts compares `wrangler secret
 * list` with it). Every one is required in production; the others have defaults or are local-only.
 */
export const PRODUCTION_SECRETS = [
  "APP_URL",
  "OPERATOR_EMAIL",
  "DATABASE_URL",
  "JWT_SECRET",
  "IMAGE_ENCRYPTION_KEYS",
  "URL_SIGNING_SECRET",
  "ADDRESS_HASH_SECRET",
  "GEMINI_API_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  ...STRIPE_PRICE_VARS,
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "MAIL_API_KEY",
  // unexpected errors must reach someone: without it a 500 is only a log line nobody reads (issue 47, decision 319)
  "SENTRY_DSN",
  "C2PA_SIGNING_KEY",
  "C2PA_CERT_CHAIN",
] as const;

/** Variables that exist only to point the worker at a local stand-in: production never sets them. */
const LOCAL_ONLY = ["DATABASE_WS_PROXY", "DATABASE_HTTP_URL", "STRIPE_API_URL"] as const;

/** Addresses only a developer's machine or a private network answers: loopback, private ranges, .local/.test names. */
export function isLocalHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  if (h === "localhost" || h.endsWith(".localhost") || h.endsWith(".local") || h.endsWith(".test") || h.endsWith(".internal")) return true;
  if (h.includes(":")) return h === "::1" || h === "::" || /^(fc|fd|fe80:)/.test(h); // IPv6: loopback, unique-local, link-local
  const ip = h.match(/^(\d+)\.(\d+)\.\d+\.\d+$/);
  if (!ip) return false;
  const [a, b] = [Number(ip[1]), Number(ip[2])];
  return a === 127 || a === 10 || a === 0 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31) || (a === 169 && b === 254);
}

/** An https URL on a public host, or the reason it is not one. */
function publicHttpsProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be a URL";
  }
  if (url.protocol !== "https:") return "must be https in production";
  if (isLocalHost(url.hostname)) return `points at a local address (${url.hostname}) in production`;
  return undefined;
}

/**
 * Every way a configuration is a development one running as production. It reads the raw variables (trimmed,
 * empty as unset), so it can report beside the schema's own problems in one list.
 */
export function productionProblems(env: Record<string, unknown>): string[] {
  const get = (name: string) => (typeof env[name] === "string" ? (env[name] as string).trim() : "") || undefined;
  if (get("ENVIRONMENT") !== "production") return [];
  const problems: string[] = [];
  for (const name of PRODUCTION_SECRETS) if (!get(name)) problems.push(`${name}: required in production`);
  for (const name of LOCAL_ONLY) if (get(name)) problems.push(`${name}: a local stand-in; must be unset in production`);
  if (get("MAIL_PROVIDER") === "dev") problems.push("MAIL_PROVIDER: the dev mailbox; must be resend in production");
  for (const name of ["APP_URL", "GEMINI_BASE_URL", "GOOGLE_ISSUER"] as const) {
    const value = get(name);
    const problem = value ? publicHttpsProblem(value) : undefined;
    if (problem) problems.push(`${name}: ${problem}`);
  }
  const databaseUrl = get("DATABASE_URL");
  const databaseHost = databaseUrl?.match(/^[a-z]+:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^:/?]+)/i)?.[1];
  if (databaseUrl && !databaseHost) problems.push("DATABASE_URL: must be a postgres:// URL with a host");
  else if (databaseHost && isLocalHost(databaseHost))
    problems.push(`DATABASE_URL: points at a local address (${databaseHost}) in production`);
  return problems;
}
