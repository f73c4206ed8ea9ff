/**
 * The sequential database round trips of the hot requests (issue 38, "the edge path to the database"),
 * counted by worker/headshots/round-trips.test.ts at the driver (db/index.ts countRoundTrips) and printed
 * by bench/round-trips.ts. A change that adds one fails the test; one that removes one updates these.
 * `connect` is a WebSocket session opened (in production TCP + TLS + the upgrade to Neon, the statements
 * then ride it); `session` a statement on it; `http` one SQL-over-HTTP request (a batch is one).
 */
export interface TripCount {
  connect: number;
  session: number;
  http: number;
}

/** The counts before issue 38 (main at 10fdb28), for the bench's before/after table. */
export const ROUND_TRIPS_BEFORE = {
  upload: { connect: 1, session: 8, http: 1 },
  generateFree: { connect: 1, session: 9, http: 1 },
  generateSubscriber: { connect: 1, session: 7, http: 1 },
  status: { connect: 0, session: 0, http: 1 },
  credits: { connect: 0, session: 0, http: 1 },
} satisfies Record<string, TripCount>;

/**
 * The counts now (docs/decisions/240-edge-round-trips.md): every one over SQL-over-HTTP, no session opened.
 * Upload and generate: the token's account and session epoch (requireUser, every write), one batch of
 * reads (and the upload's rate-limit hits), one batch written as one transaction.
 */
export const ROUND_TRIPS = {
  upload: { connect: 0, session: 0, http: 3 },
  generateFree: { connect: 0, session: 0, http: 3 },
  generateSubscriber: { connect: 0, session: 0, http: 3 },
  status: { connect: 0, session: 0, http: 1 },
  credits: { connect: 0, session: 0, http: 1 },
} satisfies Record<keyof typeof ROUND_TRIPS_BEFORE, TripCount>;

/** Sequential round trips of a count: each exchange waits for the one before. */
export const total = (c: TripCount) => c.connect + c.session + c.http;
