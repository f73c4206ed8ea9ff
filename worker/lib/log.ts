import { currentRequestId } from "./request-id";

/** One JSON line per event, always carrying the request id of the work under way (worker/lib/request-id.ts). */
export function log(level: "info" | "warn" | "error", message: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), requestId: currentRequestId(), ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/**
 * What an error may put in a log line. A failed query's error (drizzle's) carries the SQL and its
 * parameters — emails, names — so only the database's own message and code are kept.
 */
export function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { error: String(err) };
  if (err.message.startsWith("Failed query:")) {
    const cause = err.cause as { message?: string; code?: string } | undefined;
    return { error: "database query failed", name: err.name, cause: cause?.message, code: cause?.code };
  }
  return { error: err.message, name: err.name, stack: err.stack };
}
