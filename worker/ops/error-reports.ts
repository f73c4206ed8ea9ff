/**
 * Error reporting (issue 38, decision 261): unexpected errors — a request answered 500, a queue message or a cron
 * job that threw — go to Sentry through its Workers SDK (`@sentry/cloudflare`), off when `SENTRY_DSN` is not set
 * (locally, in tests, and in any deployment that has not configured it). Nothing personal leaves: no cookies,
 * headers, bodies, query strings (signed image URLs carry their signatures there) or IP addresses; the request id
 * (decision 187) is the tag that finds the log lines.
 */
import * as Sentry from "@sentry/cloudflare";
import type { CloudflareOptions } from "@sentry/cloudflare";

type ErrorEvent = Parameters<NonNullable<CloudflareOptions["beforeSend"]>>[0];

/** An event with what the product promises never to send removed: the request keeps its method and path only. */
export function scrubEvent<E extends Pick<ErrorEvent, "request" | "user">>(event: E): E {
  if (event.request) {
    const url = event.request.url ? new URL(event.request.url) : null;
    event.request = { method: event.request.method, url: url ? `${url.origin}${url.pathname}` : undefined };
  }
  if (event.user) event.user = event.user.id ? { id: event.user.id } : undefined;
  return event;
}

/** Sentry's options from the worker's environment, or undefined (reporting off) without a DSN. */
export function sentryOptions(env: { SENTRY_DSN?: string; ENVIRONMENT?: string }): CloudflareOptions | undefined {
  if (!env.SENTRY_DSN) return undefined;
  return {
    dsn: env.SENTRY_DSN,
    environment: env.ENVIRONMENT,
    // the SDK collects all of these by default (v11 `dataCollection`); none of them may leave
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    // errors only: the request classes and model calls are measured by Analytics Engine (decision 188)
    tracesSampleRate: 0,
    beforeSend: (event) => scrubEvent(event),
  };
}

/** Reports an unexpected error with its request id (a no-op while reporting is off). */
export function reportError(err: unknown, requestId: string | undefined): void {
  Sentry.captureException(err, requestId ? { tags: { request_id: requestId } } : undefined);
}

/** Wraps the worker's handlers: fetch, queue and scheduled report what they throw, and flush before the isolate sleeps. */
export const withErrorReports = <H extends object>(handler: H): H =>
  Sentry.withSentry((env: Env) => sentryOptions(env), handler as ExportedHandler<Env>) as H;
