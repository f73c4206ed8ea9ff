/**
 * Abuse limits on the auth endpoints (fixed windows, counted in Postgres — see worker/lib/rate-limit.ts).
 * Per IP they bound one machine; per email they bound guessing against one account from many machines.
 */
import type { Limit } from "../lib/rate-limit";
import { hashKey } from "../lib/rate-limit";

const MIN = 60;

export const AUTH_LIMITS = {
  signin: { ip: { limit: 30, windowSeconds: 15 * MIN }, email: { limit: 10, windowSeconds: 15 * MIN } },
  signup: { ip: { limit: 10, windowSeconds: 60 * MIN }, email: { limit: 5, windowSeconds: 60 * MIN } },
  resend: { ip: { limit: 10, windowSeconds: 60 * MIN }, email: { limit: 3, windowSeconds: 15 * MIN } },
  /** Password confirmation for account deletion, per user. */
  deleteAccount: { user: { limit: 10, windowSeconds: 15 * MIN } },
} as const;

export async function authLimits(action: "signin" | "signup" | "resend", ip: string, email: string): Promise<Limit[]> {
  const l = AUTH_LIMITS[action];
  return [
    { key: `${action}:ip:${ip}`, ...l.ip },
    { key: `${action}:email:${await hashKey(email)}`, ...l.email },
  ];
}
