/**
 * Real results on the landing (issue 35, decision 183): a headshot is shown only when its owner agreed in
 * their rating and the operator featured it; withdrawing the consent takes it off at once; the landing shows
 * it beside the photo it was made from, through signed image URLs.
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { headshots, ratings } from "../../db/schema";
import { api, client, createTestUser, env } from "../test/helpers";
import { operatorAuth, withTestDb } from "../test/admin";
import { readLandingFigures } from "../landing/figures";
import { renderLanding } from "../landing/serve";
import { getConfig } from "../config";
import { jpegBytes } from "../test/images";
import { putEncrypted } from "../storage/encrypted";

async function headshotOf(userId: string, gender: "man" | "woman" | null = null) {
  const id = crypto.randomUUID();
  await withTestDb((db) =>
    db.insert(headshots).values({
      id,
      userId,
      style: "Speaker",
      gender,
      status: "completed",
      originalKey: `u/${userId}/h/${id}/original`,
      originalMime: "image/jpeg",
      resultKey: `u/${userId}/h/${id}/result`,
      encryptionKeyId: "t1",
      completedAt: new Date(),
    }),
  );
  return id;
}

const rate = (id: string, auth: Record<string, string>, pictureConsent: boolean) =>
  client.headshots[":id"].rating.$put(
    { param: { id }, json: { stars: 5, comment: undefined, firstName: undefined, role: undefined, pictureConsent } },
    { headers: auth },
  );
const feature = (id: string, auth: Record<string, string>) =>
  client.admin.pictures[":id"].feature.$post({ param: { id } }, { headers: auth });

const PAGE = `<!doctype html><html><body><div data-live="pictures" hidden><ul data-live="picture-list"></ul>
<template data-live="picture-card"><li><img src="{{before}}" alt="before"><img src="{{after}}" alt="The {{style}} headshot"><p>{{style}}</p></li></template>
</div></body></html>`;

describe("real results on the landing", () => {
  it("only with the owner's consent: the operator features it, the landing shows it beside its original; withdrawn, it is gone", async () => {
    const { user, auth } = await createTestUser();
    const operator = await operatorAuth();
    const id = await headshotOf(user.id);

    // rated without the picture consent: the operator cannot feature it (and does not see it)
    expect((await (await rate(id, auth, false)).json()).pictureConsent).toBe(false);
    expect((await feature(id, operator.auth)).status).toBe(409);
    const listed = async () => (await (await client.admin.pictures.$get({}, { headers: operator.auth })).json()).map((p) => p.headshotId);
    expect(await listed()).not.toContain(id);

    // consented: listed, not shown until featured; only the operator may feature
    expect((await (await rate(id, auth, true)).json()).pictureConsent).toBe(true);
    expect(await listed()).toContain(id);
    expect((await readLandingFigures(getConfig(env))).pictures!.map((p) => p.after)).not.toContainEqual(expect.stringContaining(id));
    expect((await feature(id, auth)).status).toBe(403);
    const featured = await feature(id, operator.auth);
    expect(await featured.json()).toEqual({ headshotId: id, featured: true });

    const figures = await readLandingFigures(getConfig(env));
    expect(figures.pictures![0]).toEqual({
      style: "Speaker",
      before: expect.stringMatching(new RegExp(`^/api/images/${id}/original\\?exp=\\d+&sig=[0-9a-f]{64}$`)),
      after: expect.stringMatching(new RegExp(`^/api/images/${id}/result\\?exp=\\d+&sig=[0-9a-f]{64}$`)),
    });
    const html = await renderLanding(PAGE, {
      headshots: 0,
      ratings: 0,
      average: null,
      testimonials: [],
      pictures: figures.pictures!.slice(0, 1),
    });
    expect(html).not.toMatch(/data-live="pictures" hidden/);
    expect(html).not.toContain("<template");
    expect(html).toContain(`<img src="${figures.pictures![0]!.before.replace(/&/g, "&amp;")}" alt="before">`);
    expect(html).toContain('alt="The Speaker headshot"');

    const audited = await withTestDb((db) =>
      db.execute(sql`select action from admin_audit_log where target_type = 'rating' and target_id = ${id} order by created_at`),
    );
    expect(audited.rows.map((r) => (r as { action: string }).action)).toEqual(["picture.feature"]);

    // the owner withdraws: off the landing at once, and it cannot be featured again without a new consent
    await rate(id, auth, false);
    const [row] = await withTestDb((db) => db.select().from(ratings).where(eq(ratings.headshotId, id)));
    expect(row!.pictureFeaturedAt).toBeNull();
    expect((await readLandingFigures(getConfig(env))).pictures!.map((p) => p.after)).not.toContainEqual(expect.stringContaining(id));
    expect((await feature(id, operator.auth)).status).toBe(409);
    expect(await renderLanding(PAGE, { headshots: 0, ratings: 0, average: null, testimonials: [], pictures: [] })).toMatch(
      /data-live="pictures" hidden/,
    );
  });
});

/** The home page as served at "/" is the prerendered one; these tests render a page with the same markers. */
const LANDING = `<!doctype html><html><body>
<img src="/examples/speaker-woman.webp" data-example="speaker-woman" width="320" height="384" alt="Speaker style example, woman">
<img src="/examples/speaker-man.webp" data-example="speaker-man" width="320" height="384" alt="Speaker style example, man">
<div data-live="before-after" hidden><img data-example="before-after" data-side="before" alt="b"><img data-example="before-after" data-side="after" alt="a"></div>
</body></html>`;

/** A consented, rated headshot with its photos stored (a JPEG original and result). */
async function consentedPicture(gender: "man" | "woman") {
  const owner = await createTestUser();
  const id = await headshotOf(owner.user.id, gender);
  for (const kind of ["original", "result"] as const) {
    await putEncrypted(env.IMAGES, getConfig(env), `u/${owner.user.id}/h/${id}/${kind}`, jpegBytes(256, 256, 3), "image/jpeg");
  }
  expect((await rate(id, owner.auth, true)).status).toBe(200);
  return { ...owner, id };
}

const place = (id: string, slot: string | null, auth: Record<string, string>) =>
  client.admin.pictures[":id"].example.$post({ param: { id }, json: { slot } }, { headers: auth });
const landing = async () => renderLanding(LANDING, await readLandingFigures(getConfig(env)));

describe("a real result as a style's example and as the before/after (decision 252)", () => {
  it("the operator puts a consented result in its style's place for its gender; the landing shows it, served small and cached; withdrawn, it is gone at once", async () => {
    const operator = await operatorAuth();
    const a = await consentedPicture("woman");

    // only its own style and gender, or the before/after; a place that does not exist is a 400
    expect((await place(a.id, "speaker-man", operator.auth)).status).toBe(400);
    expect((await place(a.id, "linkedin-woman", operator.auth)).status).toBe(400);
    expect((await place(a.id, "nowhere", operator.auth)).status).toBe(400);
    expect((await place(a.id, "speaker-woman", a.auth)).status).toBe(403);
    expect(await (await place(a.id, "speaker-woman", operator.auth)).json()).toEqual({ headshotId: a.id, exampleSlot: "speaker-woman" });

    let html = await landing();
    const src = html.match(/<img src="([^"]+)" data-example="speaker-woman"/)?.[1];
    expect(src).toMatch(/^\/api\/landing\/examples\/speaker-woman\/after\?v=[0-9a-f]{12}$/);
    // the other gender keeps its illustration; no before/after chosen: hidden
    expect(html).toContain('<img src="/examples/speaker-man.webp" data-example="speaker-man"');
    expect(html).toMatch(/data-live="before-after" hidden/);

    const res = await api(src!);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe("WEBP");
    // an extended WebP (it carries the AI-made XMP) whose canvas is 320 × 384, the illustration's own, and lossy
    expect(new TextDecoder().decode(bytes.slice(12, 16))).toBe("VP8X");
    const side = (at: number) => 1 + (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16));
    expect([side(24), side(27)]).toEqual([320, 384]);
    expect(new TextDecoder().decode(bytes)).toContain("VP8 ");
    expect(bytes.length).toBeLessThan(40_000);
    expect((await api("/api/landing/examples/speaker-woman/before")).status).toBe(404); // a style's place has no "before"

    // the owner withdraws: the place is empty at once, on the landing and at its image URL
    expect((await rate(a.id, a.auth, false)).status).toBe(200);
    const [row] = await withTestDb((db) => db.select().from(ratings).where(eq(ratings.headshotId, a.id)));
    expect(row!.exampleSlot).toBeNull();
    html = await landing();
    expect(html).toContain('<img src="/examples/speaker-woman.webp" data-example="speaker-woman"');
    expect((await api(src!)).status).toBe(404);
    expect((await place(a.id, "speaker-woman", operator.auth)).status).toBe(409);
  });

  it("the before/after pair: one picture at a time; deleting the owner's account takes it off at once", async () => {
    const operator = await operatorAuth();
    const a = await consentedPicture("man");
    const b = await consentedPicture("woman");
    expect((await place(a.id, "before-after", operator.auth)).status).toBe(200);
    expect((await place(b.id, "before-after", operator.auth)).status).toBe(200); // takes the place from a
    const [ofA] = await withTestDb((db) => db.select().from(ratings).where(eq(ratings.headshotId, a.id)));
    expect(ofA!.exampleSlot).toBeNull();

    let html = await landing();
    expect(html).not.toMatch(/data-live="before-after" hidden/);
    const before = html.match(/<img data-example="before-after" data-side="before" alt="b" src="([^"]+)"/)?.[1];
    const after = html.match(/<img data-example="before-after" data-side="after" alt="a" src="([^"]+)"/)?.[1];
    expect(before).toMatch(/^\/api\/landing\/examples\/before-after\/before\?v=/);
    expect(after).toMatch(/^\/api\/landing\/examples\/before-after\/after\?v=/);
    for (const url of [before!, after!]) expect((await api(url)).status).toBe(200);

    const audited = await withTestDb((db) =>
      db.execute(sql`select action from admin_audit_log where target_type = 'rating' and target_id = ${b.id} order by created_at`),
    );
    expect(audited.rows.map((r) => (r as { action: string }).action)).toEqual(["picture.example"]);

    // b's account is deleted (the same deleteUser as the person's own deletion): the pair is gone from the landing and its URLs
    expect((await client.admin.users[":id"].$delete({ param: { id: b.user.id } }, { headers: operator.auth })).status).toBe(200);
    html = await landing();
    expect(html).toMatch(/data-live="before-after" hidden/);
    expect((await api(before!)).status).toBe(404);
  });
});
