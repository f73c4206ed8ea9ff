/**
 * Abuse limits on the auth endpoints (fixed windows, counted in Postgres — see worker/lib/rate-limit.ts).
 * Per IP they bound one machine; per email they bound sign-ups and emails sent to one address.
 * Sign-in counts attempts per address and FAILURES per (email, address): an address that keeps guessing
 * one account is stopped, but the owner signing in from anywhere else is never refused because someone
 * else failed (docs/decisions/014-sign-in-throttling.md).
 */
import { type Limit, hashKey } from "../lib";

const MIN = 60;

export const AUTH_LIMITS = {
  signin: { ip: { limit: 30, windowSeconds: 15 * MIN }, failures: { limit: 10, windowSeconds: 15 * MIN } },
  signup: { ip: { limit: 10, windowSeconds: 60 * MIN }, email: { limit: 5, windowSeconds: 60 * MIN } },
  resend: { ip: { limit: 10, windowSeconds: 60 * MIN }, email: { limit: 3, windowSeconds: 15 * MIN } },
  /** Forgot password: emails sent, per client address and per address asked for. */
  reset: { ip: { limit: 10, windowSeconds: 60 * MIN }, email: { limit: 3, windowSeconds: 15 * MIN } },
  /** A password confirmed in /account (deleting the account, changing the password or email), per user and action. */
  passwordCheck: { user: { limit: 10, windowSeconds: 15 * MIN } },
} as const;

export async function authLimits(action: "signup" | "resend" | "reset", ip: string, email: string): Promise<Limit[]> {
  const l = AUTH_LIMITS[action];
  return [
    { key: `${action}:ip:${ip}`, ...l.ip },
    { key: `${action}:email:${await hashKey(email)}`, ...l.email },
  ];
}

/** Sign-in attempts from one address, whatever the email. */
export const signinAttemptLimit = (ip: string): Limit => ({ key: `signin:ip:${ip}`, ...AUTH_LIMITS.signin.ip });

/** Failed sign-ins for one email from one address. */
export async function signinFailureLimit(ip: string, email: string): Promise<Limit> {
  return { key: `signin:fail:${await hashKey(email)}:${ip}`, ...AUTH_LIMITS.signin.failures };
}
