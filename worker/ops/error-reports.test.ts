/**
 * Error reports (decision 261): off without SENTRY_DSN, and nothing personal in what is sent.
 */
import { describe, expect, it } from "vitest";
import { scrubEvent, sentryOptions } from "./error-reports";

describe("error reports", () => {
  it("are off without a DSN, and on with one: errors only, no personal data collected", () => {
    expect(sentryOptions({ ENVIRONMENT: "production" })).toBeUndefined();
    expect(sentryOptions({ SENTRY_DSN: "", ENVIRONMENT: "production" })).toBeUndefined();
    const on = sentryOptions({ SENTRY_DSN: "https://key@o1.ingest.de.sentry.io/2", ENVIRONMENT: "production" })!;
    expect(on).toMatchObject({
      dsn: "https://key@o1.ingest.de.sentry.io/2",
      environment: "production",
      tracesSampleRate: 0,
      dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    });
    expect(on.beforeSend).toBeTypeOf("function");
  });

  it("keep a request's method and path only, and a user's id only", () => {
    const event = scrubEvent({
      request: {
        method: "GET",
        url: "https://headshot.studio/api/images/abc/result?exp=1&sig=secret",
        headers: { cookie: "hs_refresh=token", authorization: "Bearer x" },
        cookies: { hs_refresh: "token" },
        data: { password: "hunter2" },
        query_string: "exp=1&sig=secret",
      },
      user: { id: "u1", email: "ada@example.com", ip_address: "203.0.113.9" },
    });
    expect(event.request).toEqual({ method: "GET", url: "https://headshot.studio/api/images/abc/result" });
    expect(event.user).toEqual({ id: "u1" });
    expect(JSON.stringify(event)).not.toMatch(/secret|hunter2|token|ada@|203\.0/);
  });
});
