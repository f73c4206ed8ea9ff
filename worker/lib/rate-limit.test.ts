import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { rateLimitHits } from "../../db/schema";
import { inOneWindow, testDb } from "../test/helpers";
import { errorHandler } from "../app";
import { clientIp, enforce, hashKey, hit, pruneRateLimits } from "./rate-limit";

const key = () => `test:${crypto.randomUUID()}`;

describe("hit()", () => {
  it("counts hits in a fixed window and refuses past the limit, with the seconds left in the window", async () => {
    const { db, close } = testDb();
    try {
      const k = key();
      const now = Date.UTC(2030, 0, 1, 12, 0, 10); // 10 s into a 60 s window
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await hit(db, k, 3, 60, now));
      expect(results.map((r) => [r.count, r.allowed])).toEqual([
        [1, true],
        [2, true],
        [3, true],
        [4, false],
      ]);
      expect(results[3]!.retryAfterSeconds).toBe(50);
      // the next window starts from zero
      expect(await hit(db, k, 3, 60, now + 60_000)).toMatchObject({ count: 1, allowed: true });
      const rows = await db.select().from(rateLimitHits).where(eq(rateLimitHits.key, k));
      expect(rows.map((r) => r.count).sort()).toEqual([1, 4]);
    } finally {
      await close();
    }
  });

  it("is atomic: concurrent hits never lose a count", async () => {
    const { db, close } = testDb();
    try {
      const k = key();
      const now = Date.now(); // one window for all twelve, even at the hour's end
      const results = await Promise.all(Array.from({ length: 12 }, () => hit(db, k, 10, 3600, now)));
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      expect(results.filter((r) => !r.allowed)).toHaveLength(2);
    } finally {
      await close();
    }
  });

  it("prunes windows that ended", async () => {
    const { db, close } = testDb();
    try {
      const k = key();
      await hit(db, k, 1, 60, Date.UTC(2001, 0, 1));
      await hit(db, k, 1, 60, Date.now());
      expect(await pruneRateLimits(db, new Date(Date.UTC(2002, 0, 1)))).toBeGreaterThanOrEqual(1);
      const rows = await db
        .select()
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, k)));
      expect(rows).toHaveLength(1);
    } finally {
      await close();
    }
  });
});

describe("enforce()", () => {
  it("throws a 429 with Retry-After once any limit is exceeded", async () => {
    await inOneWindow(600);
    const k = key();
    const app = new Hono()
      .post("/", async (c) => {
        const { db, close } = testDb();
        try {
          await enforce(
            db,
            [
              { key: k, limit: 2, windowSeconds: 600 },
              { key: `${k}:wide`, limit: 100, windowSeconds: 600 },
            ],
            "Slow down.",
          );
        } finally {
          await close();
        }
        return c.json({ ok: true });
      })
      .onError(errorHandler as never);
    expect((await app.request("/", { method: "POST" })).status).toBe(200);
    expect((await app.request("/", { method: "POST" })).status).toBe(200);
    const res = await app.request("/", { method: "POST" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(res.headers.get("Retry-After"))).toBeLessThanOrEqual(600);
    expect(await res.json()).toEqual({
      error: "Too Many Requests",
      code: "rate_limited",
      message: "Slow down.",
      retryAfterSeconds: Number(res.headers.get("Retry-After")),
    });
  });
});

describe("helpers", () => {
  it("clientIp reads CF-Connecting-IP, falling back to 'local'", () => {
    const req = (h: Record<string, string>) => ({ header: (n: string) => h[n] });
    expect(clientIp(req({ "CF-Connecting-IP": " 203.0.113.9 " }))).toBe("203.0.113.9");
    expect(clientIp(req({}))).toBe("local");
  });

  it("hashKey keeps addresses out of the table but is stable", async () => {
    expect(await hashKey("a@example.test")).toBe(await hashKey("a@example.test"));
    expect(await hashKey("a@example.test")).not.toContain("example");
  });
});
