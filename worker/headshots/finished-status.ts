/**
 * A finished headshot's status never changes (`isFinished`: completed or failed), so the status route
 * keeps it per isolate and answers polls of it without a database round trip, and gives it a strong
 * ETag so a client that revalidates gets a bodiless 304.
 *
 * Safety:
 * - An entry names its owner: a poll finds it only with a verified token of the user whose
 *   owner-filtered SQL read put it there, so another user's poll still goes to SQL and gets 404.
 * - Only finished rows are kept; pending and processing always read the database (never stale).
 * - Entries (the answer: the body with its signed URL, valid for an hour, and the ETag) live
 *   FINISHED_TTL_MS, so a row deleted with its account stops being served from here within that time,
 *   in every isolate. Moderation's removal forgets its headshots at once in the isolate that removes
 *   them (`forgetFinished`); elsewhere the status may say `completed` for up to FINISHED_TTL_MS, while
 *   the image URL and downloads already answer 410 (docs/decisions/061-moderation.md).
 * - The ETag covers the owner, so equal bodies of two users never share a validator.
 */
import type { HeadshotStatusResponse } from "../../domain/api";

export const FINISHED_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/** A finished status answer: the body (with its signed URL) and its ETag. */
export interface Answer {
  body: HeadshotStatusResponse;
  etag: string;
}
interface Entry {
  userId: string;
  answer: Answer;
  until: number;
}

/** By headshot id; each entry names its owner. */
const entries = new Map<string, Entry>();

export function recallFinished(userId: string, headshotId: string, now = Date.now()): Answer | undefined {
  const e = entries.get(headshotId);
  if (!e || e.userId !== userId) return undefined;
  if (e.until <= now) {
    entries.delete(headshotId);
    return undefined;
  }
  return e.answer;
}

export function rememberFinished(userId: string, headshotId: string, answer: Answer, now = Date.now()): void {
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!); // oldest first
  entries.set(headshotId, { userId, answer, until: now + FINISHED_TTL_MS });
}

/** Drops these headshots' remembered answers (moderation removed them). */
export function forgetFinished(headshotIds: Iterable<string>): void {
  for (const id of headshotIds) entries.delete(id);
}

/** Strong ETag of a status answer for one user: SHA-256 of the owner and the exact body, 128 bits. */
export async function statusEtag(userId: string, body: HeadshotStatusResponse): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${userId}\n${JSON.stringify(body)}`));
  const hex = [...new Uint8Array(digest, 0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `"${hex}"`;
}

/** True when an If-None-Match header names `etag` (or is `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((t) => {
    const v = t.trim();
    return v === etag || v === "*" || v === `W/${etag}`;
  });
}
