/**
 * The headshot lifecycle (SPEC §3, §4): the one place its states and the moves between them are written.
 * The database enums (db/schema.ts), the API types (domain/api.ts), the worker's one status writer
 * (`moveHeadshots`, worker/headshots/lifecycle.ts) and the web app's polling all read from here.
 * Moderation is a separate axis with its own moves (MODERATION_MOVES, worker/admin/moderation.ts): it
 * never changes `status`, and the lifecycle's completing move refuses rows moderation removed.
 *
 *   pending ──generate──▶ processing ──▶ completed
 *      ▲                      │     └──▶ failed      (the free generation is given back)
 *      └──── queue refused ───┘
 */
import { MESSAGES } from "./limits";

export const HEADSHOT_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type HeadshotStatus = (typeof HEADSHOT_STATUSES)[number];

export const MODERATION_STATUSES = ["pending", "approved", "flagged", "removed"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** Where each status may go next; every worker UPDATE of `status` is one of these (`moveHeadshots`). */
export const STATUS_MOVES = {
  pending: ["processing"],
  processing: ["completed", "failed", "pending"],
  completed: [],
  failed: [],
} as const satisfies { readonly [S in HeadshotStatus]: readonly HeadshotStatus[] };

/** An allowed move, as a type: `{ from: "pending", to: "processing" }` compiles, `{ from: "failed", to: "completed" }` does not. */
export type StatusMove = { [F in HeadshotStatus]: { from: F; to: (typeof STATUS_MOVES)[F][number] } }[HeadshotStatus];

/** The operator's moves (issue 10): anything may be approved, flagged or removed; removal is final. */
export const MODERATION_MOVES: { readonly [S in ModerationStatus]: readonly ModerationStatus[] } = {
  pending: ["approved", "flagged", "removed"],
  approved: ["flagged", "removed"],
  flagged: ["approved", "removed"],
  removed: [],
};

export function canMove(from: HeadshotStatus, to: HeadshotStatus): boolean {
  return (STATUS_MOVES[from] as readonly HeadshotStatus[]).includes(to);
}

/** A finished headshot's status never changes again: polling stops, answers may be cached. */
export function isFinished(status: HeadshotStatus): boolean {
  return STATUS_MOVES[status].length === 0;
}

/**
 * Why a headshot is no longer served, or null when it is: removed by moderation (decision 061) or its
 * photos deleted by retention (decision 025). Every route that serves a headshot's bytes or URLs asks
 * this one question and answers 410 with the message.
 */
export function unavailableMessage(row: { moderationStatus: ModerationStatus; imagesDeletedAt: Date | string | null }): string | null {
  if (row.moderationStatus === "removed") return MESSAGES.headshotRemoved;
  if (row.imagesDeletedAt !== null) return MESSAGES.headshotExpired;
  return null;
}
