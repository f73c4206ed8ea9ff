/**
 * Issue 26, claim only what is true: people rate their own results (owner only, one per headshot, 4xx
 * for anything else), the operator approves the comments they consented to publish, and the landing
 * shows the database's figures — no rating below MIN_RATINGS_SHOWN, no testimonial nobody approved.
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { headshots, ratings } from "../../db/schema";
import { MIN_RATINGS_SHOWN, roundedCount } from "../../domain/ratings";
import { api, client, createTestUser, env, errorBody, testDb } from "../test/helpers";
import { operatorAuth, withTestDb } from "../test/admin";
import { readLandingFigures, type LandingFigures } from "../landing/figures";
import { getConfig } from "../config";
import { renderLanding, serveLivePage } from "../landing/serve";

async function headshotOf(userId: string, status: "completed" | "processing" = "completed") {
  const id = crypto.randomUUID();
  await withTestDb((db) =>
    db.insert(headshots).values({
      id,
      userId,
      style: "Corporate",
      status,
      originalKey: `u/${userId}/h/${id}/original`,
      originalMime: "image/jpeg",
      resultKey: status === "completed" ? `u/${userId}/h/${id}/result` : null,
      encryptionKeyId: "t1",
      completedAt: status === "completed" ? new Date() : null,
    }),
  );
  return id;
}

/**
 * The contract marks the optional text fields as required keys (their schema's input is `unknown`): absent
 * ones go as undefined, which JSON drops, so the request is exactly `body`.
 */
const put = (
  id: string,
  auth: Record<string, string>,
  body: { stars: number; comment?: string; publishConsent?: boolean; firstName?: string; role?: string },
) =>
  client.headshots[":id"].rating.$put(
    { param: { id }, json: { comment: undefined, firstName: undefined, role: undefined, ...body } },
    { headers: auth },
  );
/** Raw: bodies the contract refuses. */
const putRaw = (id: string, auth: Record<string, string>, body: unknown) =>
  api(`/api/headshots/${id}/rating`, {
    method: "PUT",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const ratingRows = (id: string) => withTestDb((db) => db.select().from(ratings).where(eq(ratings.headshotId, id)));
const publish = { comment: "Looks like me, only better lit.", publishConsent: true, firstName: "Ana", role: "Nurse, Porto" };

describe("PUT/GET /api/headshots/:id/rating", () => {
  it("the owner rates a finished result once; rating again changes the same rating", async () => {
    const { user, auth } = await createTestUser();
    const id = await headshotOf(user.id);
    // not rated yet: an ordinary answer, not a 404 in every result view's console (issue 35)
    const unrated = await client.headshots[":id"].rating.$get({ param: { id } }, { headers: auth });
    expect(unrated.status).toBe(200);
    expect(await unrated.json()).toBeNull();
    const first = await put(id, auth, { stars: 4 });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      headshotId: id,
      stars: 4,
      comment: null,
      publishConsent: false,
      firstName: null,
      role: null,
      testimonialStatus: null,
      pictureConsent: false,
    });
    expect((await put(id, auth, { stars: 5, comment: "  Great  " })).status).toBe(200);
    const rows = await ratingRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stars: 5, comment: "Great", userId: user.id, testimonialStatus: null });
    const got = await client.headshots[":id"].rating.$get({ param: { id } }, { headers: auth });
    expect(await got.json()).toMatchObject({ stars: 5, comment: "Great" });
  });

  it("refuses anyone but the owner (404, nothing written) and a visitor without a token (401)", async () => {
    const owner = await createTestUser();
    const other = await createTestUser({ subscription: { planType: "monthly" } });
    const id = await headshotOf(owner.user.id);
    expect((await put(id, other.auth, { stars: 1 })).status).toBe(404);
    expect((await client.headshots[":id"].rating.$get({ param: { id } }, { headers: other.auth })).status).toBe(404);
    expect(await ratingRows(id)).toEqual([]);
    // the owner's rating is not readable or changeable by the other user either
    await put(id, owner.auth, { stars: 5 });
    expect((await put(id, other.auth, { stars: 1 })).status).toBe(404);
    expect((await client.headshots[":id"].rating.$get({ param: { id } }, { headers: other.auth })).status).toBe(404);
    expect((await ratingRows(id))[0]!.stars).toBe(5);
    expect((await put(id, {}, { stars: 5 })).status).toBe(401);
  });

  it("answers 400 with the field for bad input, 409 for a result not finished, 404 for an unknown id", async () => {
    const { user, auth } = await createTestUser();
    const id = await headshotOf(user.id);
    const bad: [unknown, string][] = [
      [{}, "stars"],
      [{ stars: 0 }, "stars"],
      [{ stars: 6 }, "stars"],
      [{ stars: 4.5 }, "stars"],
      [{ stars: "5" }, "stars"],
      [{ stars: 5, comment: "x".repeat(501) }, "comment"],
      [{ stars: 5, comment: "a\u0000b" }, "comment"],
      [{ stars: 5, publishConsent: "yes" }, "publishConsent"],
      [{ stars: 5, publishConsent: true }, "comment"],
      [{ stars: 5, publishConsent: true, comment: "Nice", role: "Chef" }, "firstName"],
      [{ stars: 5, publishConsent: true, comment: "Nice", firstName: "Ana" }, "role"],
      [{ stars: 5, ...publish, role: "r".repeat(81) }, "role"],
    ];
    for (const [body, field] of bad) {
      const res = await putRaw(id, auth, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorBody(res)).message).toMatch(new RegExp(`^${field}:`));
    }
    expect(await ratingRows(id)).toEqual([]);
    expect((await put("not-a-uuid", auth, { stars: 5 })).status).toBe(400);
    expect((await put(crypto.randomUUID(), auth, { stars: 5 })).status).toBe(404);
    const processing = await headshotOf(user.id, "processing");
    expect((await put(processing, auth, { stars: 5 })).status).toBe(409);
  });

  it("a comment published with consent waits for the operator; the same words keep the decision, new ones wait again", async () => {
    const { user, auth } = await createTestUser();
    const operator = await operatorAuth();
    const id = await headshotOf(user.id);
    expect((await (await put(id, auth, { stars: 5, ...publish })).json()).testimonialStatus).toBe("pending");
    expect((await client.admin.testimonials[":id"].approve.$post({ param: { id } }, { headers: operator.auth })).status).toBe(200);
    expect((await (await put(id, auth, { stars: 4, ...publish })).json()).testimonialStatus).toBe("approved");
    expect((await (await put(id, auth, { stars: 4, ...publish, comment: "Changed my mind" })).json()).testimonialStatus).toBe("pending");
    // withdrawing consent takes it off the list (and the landing) at once
    expect((await (await put(id, auth, { stars: 4, comment: "Changed my mind" })).json()).testimonialStatus).toBeNull();
  });
});

describe("/api/admin/testimonials", () => {
  it("lists consented comments for the operator only, who approves and unpublishes them (audited)", async () => {
    const { user, auth } = await createTestUser();
    const operator = await operatorAuth();
    const quiet = await headshotOf(user.id);
    await put(quiet, auth, { stars: 3, comment: "Private note" }); // no consent: never listed
    const id = await headshotOf(user.id);
    await put(id, auth, { stars: 5, ...publish });

    expect((await client.admin.testimonials.$get({ query: {} }, { headers: auth })).status).toBe(403);
    expect((await client.admin.testimonials[":id"].approve.$post({ param: { id } }, { headers: auth })).status).toBe(403);

    const pending = await (
      await client.admin.testimonials.$get({ query: { status: "pending", pageSize: "100" } }, { headers: operator.auth })
    ).json();
    const mine = pending.items.filter((t) => [id, quiet].includes(t.headshotId));
    expect(mine).toEqual([
      expect.objectContaining({
        headshotId: id,
        stars: 5,
        comment: publish.comment,
        firstName: "Ana",
        role: "Nurse, Porto",
        email: user.email,
        testimonialStatus: "pending",
      }),
    ]);

    const approve = await client.admin.testimonials[":id"].approve.$post({ param: { id } }, { headers: operator.auth });
    expect(await approve.json()).toEqual({ headshotId: id, testimonialStatus: "approved" });
    const unpublish = await client.admin.testimonials[":id"].unpublish.$post({ param: { id } }, { headers: operator.auth });
    expect(await unpublish.json()).toEqual({ headshotId: id, testimonialStatus: "unpublished" });
    const audited = await withTestDb((db) =>
      db.execute(sql`select action from admin_audit_log where target_id = ${id} order by created_at`),
    );
    expect(audited.rows.map((r) => (r as { action: string }).action)).toEqual(["testimonial.approve", "testimonial.unpublish"]);

    expect((await client.admin.testimonials[":id"].approve.$post({ param: { id: quiet } }, { headers: operator.auth })).status).toBe(409);
    expect(
      (await client.admin.testimonials[":id"].approve.$post({ param: { id: crypto.randomUUID() } }, { headers: operator.auth })).status,
    ).toBe(404);
    expect((await api("/api/admin/testimonials?status=nope", { headers: operator.auth })).status).toBe(400); // raw: a status the contract refuses
  });
});

describe("the landing's figures", () => {
  it("come from the database: completed headshots, every rating, and approved comments only", async () => {
    const before = await readLandingFigures(getConfig(env));
    const { user, auth } = await createTestUser();
    const operator = await operatorAuth();
    const a = await headshotOf(user.id);
    const b = await headshotOf(user.id);
    await headshotOf(user.id, "processing"); // not generated (yet): not counted
    await put(a, auth, { stars: 1 });
    await put(b, auth, { stars: 5, ...publish, comment: `Approved ${b}` });
    let after = await readLandingFigures(getConfig(env));
    expect(after.headshots - before.headshots).toBeGreaterThanOrEqual(2);
    expect(after.ratings - before.ratings).toBe(2);
    expect(after.testimonials.map((t) => t.comment)).not.toContain(`Approved ${b}`);
    await client.admin.testimonials[":id"].approve.$post({ param: { id: b } }, { headers: operator.auth });
    after = await readLandingFigures(getConfig(env));
    expect(after.testimonials[0]).toEqual({ stars: 5, comment: `Approved ${b}`, firstName: "Ana", role: "Nurse, Porto" });
    const { db, close } = testDb();
    try {
      const [avg] = await db.select({ v: sql<number>`avg(stars)::float8` }).from(ratings);
      expect(after.average).toBeCloseTo(Number(avg!.v), 6);
    } finally {
      await close();
    }
  });
});

const PAGE = `<!doctype html><html><head><title>x</title></head><body>
<p data-live="badge" hidden class="b"><svg></svg><span data-live="badge-text"></span></p>
<dl><div data-live="claim-headshots" hidden><dt>headshots generated</dt><dd data-live="headshots"></dd></div>
<div data-live="claim-rating" hidden><dt>rating</dt><dd data-live="rating"></dd></div><div><dd>Instant</dd></div></dl>
<div data-live="testimonials" hidden><section><ul data-live="testimonial-list"></ul>
<template data-live="testimonial-card"><li><div data-stars="{{stars}}" aria-label="{{stars}} out of 5 stars"></div><blockquote>“{{quote}}”</blockquote><span>{{name}}</span><span> · {{role}}</span></li></template></section></div>
</body></html>`;

const figures = (o: Partial<LandingFigures>): LandingFigures => ({ headshots: 1234, ratings: 0, average: null, testimonials: [], ...o });
const shown = (html: string, live: string) => new RegExp(`data-live="${live}"(?![^>]*hidden)`).test(html);

describe("renderLanding", () => {
  it("shows the count rounded down, and no rating at all below MIN_RATINGS_SHOWN ratings", async () => {
    const html = await renderLanding(PAGE, figures({ ratings: MIN_RATINGS_SHOWN - 1, average: 4.9 }));
    expect(html).toContain('<span data-live="badge-text">1,200+ headshots generated</span>');
    expect(html).toContain('<dd data-live="headshots">1,200+</dd>');
    expect(shown(html, "claim-headshots")).toBe(true);
    expect(shown(html, "claim-rating")).toBe(false);
    expect(html).not.toContain("4.9");
    expect(shown(html, "testimonials")).toBe(false);
    expect(html).not.toContain("<template");
  });

  it("shows the average from MIN_RATINGS_SHOWN ratings on, rounded down", async () => {
    const html = await renderLanding(PAGE, figures({ ratings: MIN_RATINGS_SHOWN, average: 4.86 }));
    expect(html).toContain('<span data-live="badge-text">Rated 4.8/5 · 1,200+ headshots generated</span>');
    expect(html).toContain('<dd data-live="rating">4.8/5</dd>');
    expect(shown(html, "claim-rating")).toBe(true);
  });

  it("writes the rating and the count in the page's language on its other languages' copies (issue 50)", async () => {
    const html = (await renderLanding(PAGE, figures({ ratings: MIN_RATINGS_SHOWN, average: 4.86 }), "de")).replace(/[\u00a0\u202f]/g, " ");
    expect(html).toContain('<span data-live="badge-text">Bewertet mit 4,8/5 · 1.200+ erstellte Porträts</span>');
    expect(html).toContain('<dd data-live="rating">4,8/5</dd>');
    expect(html).toContain('<dd data-live="headshots">1.200+</dd>');
    const fr = (await renderLanding(PAGE, figures({ ratings: MIN_RATINGS_SHOWN, average: 4.86 }), "fr")).replace(/[\u00a0\u202f]/g, " ");
    expect(fr).toContain('<span data-live="badge-text">Noté 4,8/5 · 1 200+ portraits générés</span>');
  });

  it("writes each approved comment into a copy of the page's card, escaped", async () => {
    const t = { stars: 4, comment: `<script>alert("x")</script> & more`, firstName: "Zoë", role: "CTO <b>" };
    const html = await renderLanding(PAGE, figures({ testimonials: [t, { ...t, firstName: "Bo" }] }));
    expect(shown(html, "testimonials")).toBe(true);
    expect(html.match(/<li>/g)).toHaveLength(2);
    expect(html).toContain('data-stars="4" aria-label="4 out of 5 stars"');
    expect(html).toContain("“&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more”");
    expect(html).toContain("<span> · CTO &lt;b&gt;</span>");
    expect(html).not.toContain("<script>");
  });

  it("claims nothing without figures, or with none to claim", async () => {
    for (const f of [undefined, figures({ headshots: 0 })]) {
      const html = await renderLanding(PAGE, f);
      for (const live of ["badge", "claim-headshots", "claim-rating", "testimonials"]) expect(shown(html, live)).toBe(false);
    }
  });

  it("rounds counts down to two significant figures, never up", () => {
    expect([0, 7, 99, 100, 1200, 1234, 56_789, 1_000_000, 1_999_999].map((n) => roundedCount(n))).toEqual([
      "0",
      "7",
      "99",
      "100",
      "1,200",
      "1,200+",
      "56,000+",
      "1,000,000",
      "1,900,000+",
    ]);
  });
});

describe("serveLivePage", () => {
  const ctx = { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext;
  const assets = {
    fetch: async () => new Response(PAGE, { headers: { "Content-Type": "text/html", ETag: '"abc"', "X-Frame-Options": "DENY" } }),
  };
  const landingEnv = { ...env, ASSETS: assets } as unknown as Env;

  it("serves the page with the figures, the asset's headers and an ETag; a matching If-None-Match is a 304", async () => {
    const res = await serveLivePage(new Request("http://app.test/"), landingEnv, ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    const html = await res.text();
    expect(html).toMatch(/<dd data-live="headshots">([\d,]+\+)?<\/dd>/); // a count only from MIN_HEADSHOTS_SHOWN (decision 182)
    const etag = res.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"abc/);
    const again = await serveLivePage(new Request("http://app.test/", { headers: { "If-None-Match": etag } }), landingEnv, ctx);
    expect(again.status).toBe(304);
  });

  it("keeps each page's own HTML: the business page and the landing, asked in turn, each get theirs (decision 289)", async () => {
    const BUSINESS = `<html><body><p>With the Team plan (<span data-live="price-team">€19.99</span> per seat a month)</p></body></html>`;
    const pagesEnv = {
      ...env,
      // the same ETag for both: what tells the pages apart is the path, not the asset's tag
      ASSETS: {
        fetch: async (r: Request) => new Response(new URL(r.url).pathname === "/" ? PAGE : BUSINESS, { headers: { ETag: '"same"' } }),
      },
    } as unknown as Env;
    for (let round = 0; round < 2; round++) {
      expect(await (await serveLivePage(new Request("http://app.test/"), pagesEnv, ctx)).text()).toContain('data-live="headshots"');
      const business = await (await serveLivePage(new Request("http://app.test/services/business-headshots"), pagesEnv, ctx)).text();
      expect(business).toContain("per seat a month");
      expect(business).not.toContain('data-live="headshots"');
    }
  });
});
