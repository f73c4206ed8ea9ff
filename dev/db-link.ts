/**
 * The distance to the database, played locally (issue 47, decision 240): the WebSocket proxy (dev/postgres.ts)
 * and the SQL-over-HTTP stand-in (dev/sql-over-http.ts) hold each answer `ms` before sending it, so one round
 * trip costs `ms` as it does between a Worker and Neon, and count the round trips they serve. A WebSocket
 * opened costs TCP + TLS + the upgrade first (OPEN_ROUND_TRIPS; Postgres's startup and password ride with the
 * first statement, neonConfig.pipelineConnect); an SQL-over-HTTP request costs one (the Workers runtime keeps
 * the HTTPS connection to Neon's endpoint warm). Set at start with DB_LATENCY_MS, or while running:
 * `POST <sql-over-http>/__link?ms=20`; `GET <sql-over-http>/__link` answers the counts.
 */
export const OPEN_ROUND_TRIPS = 3;

export interface DbLink {
  /** Latency of one round trip, in ms. */
  ms: number;
  /** WebSockets opened. */
  connects: number;
  /** Round trips on WebSockets: a client's message (or several sent together) answered by the server. */
  session: number;
  /** SQL-over-HTTP requests. */
  http: number;
  /**
   * The statements those requests would be on a TCP session, as with Hyperdrive (no batches: a batch is
   * begin + its statements + commit, each a round trip).
   */
  httpAsStatements: number;
}

export function dbLink(ms = Number(process.env.DB_LATENCY_MS ?? 0)): DbLink {
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`DB_LATENCY_MS must be a number of ms ≥ 0, got ${ms}`);
  return { ms, connects: 0, session: 0, http: 0, httpAsStatements: 0 };
}

/**
 * Sends what `send` is given `link.ms` later (plus `firstExtraMs` for the first), in the order given: a reply
 * of several chunks arrives as one, one latency after it was written.
 */
export function delayedSender<T>(link: DbLink, send: (chunk: T) => void, firstExtraMs = 0): (chunk: T) => void {
  let last = 0;
  let first = true;
  return (chunk) => {
    const ms = link.ms + (first ? firstExtraMs : 0);
    first = false;
    if (ms === 0 && last <= Date.now()) return send(chunk);
    const at = Math.max(Date.now() + ms, last);
    last = at;
    setTimeout(() => send(chunk), at - Date.now());
  };
}
