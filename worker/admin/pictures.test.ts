/**
 * Real results on the landing (issue 35, decision 183): a headshot is shown only when its owner agreed in
 * their rating and the operator featured it; withdrawing the consent takes it off at once; the landing shows
 * it beside the photo it was made from, through signed image URLs.
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { headshots, ratings } from "../../db/schema";
import { client, createTestUser, env } from "../test/helpers";
import { operatorAuth, withTestDb } from "../test/admin";
import { readLandingFigures } from "../landing/figures";
import { renderLanding } from "../landing/serve";
import { getConfig } from "../config";

async function headshotOf(userId: string) {
  const id = crypto.randomUUID();
  await withTestDb((db) =>
    db.insert(headshots).values({
      id,
      userId,
      style: "Speaker",
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
