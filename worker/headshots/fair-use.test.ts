/**
 * Fair use as an allowance that refills (issue 45; docs/decisions/295-fair-use-an-allowance-that-refills.md):
 * a new subscriber of every plan, and a team member, can start a shoot of every style right after paying; the
 * allowance is taken in the transaction that starts the pictures (single generations, shoots, edits), exactly
 * under concurrent requests; a refusal says when the next picture is possible; it refills with time; a failed
 * picture gives its share back once.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { MAX_UNUSED_UPLOADS, fairUseRefillPerDay } from "../../domain/limits";
import { FAIR_USE, fairUseCaps, type FairUsePlan } from "../../domain/plans";
import { STYLE_IDS } from "../../domain/styles";
import { aboutDuration } from "../../domain/words";
import type { ApiShoot } from "../../domain/shoots";
import { createTestUser, errorBody } from "../test/helpers";
import { fairUseOf, headshotRow, setFairUse, upload, withRecordingQueue } from "../test/headshots";
import { jpegBytes } from "../test/images";
import { joinedMember, teamWithSeats } from "../test/teams";
import { failGeneration } from "../generation/fail";
import { withDb } from "../lib/context";

type Auth = Record<string, string>;

async function postShoot(auth: Auth, styles: readonly string[]) {
  const form = new FormData();
  form.append("photo", new File([jpegBytes(320, 256, 3) as Uint8Array<ArrayBuffer>], "me.jpg", { type: "image/jpeg" }));
  for (const s of styles) form.append("style", s);
  const q = withRecordingQueue();
  const res = await q.fetch("/api/shoots", { method: "POST", headers: auth, body: form });
  return { res, body: (await res.json()) as ApiShoot & { message?: string }, sent: q.sent };
}

const generate = (auth: Auth, id: string) => withRecordingQueue().fetch(`/api/headshots/${id}/generate`, { method: "POST", headers: auth });

/** A new paying person of `plan` (a team member for "team"). */
async function newSubscriber(plan: FairUsePlan) {
  if (plan !== "team") return createTestUser({ freeUsed: 2, subscription: { planType: plan } });
  const { owner } = await teamWithSeats(3);
  return joinedMember(owner, { freeUsed: 2 });
}

describe("fair use: an allowance that refills (decision 295)", { timeout: 120_000 }, () => {
  for (const plan of ["weekly", "monthly", "yearly", "team"] as const) {
    it(`a new ${plan} ${plan === "team" ? "member" : "subscriber"} starts a shoot of all ${STYLE_IDS.length} styles right after paying, and a few edits' worth is left`, async () => {
      const { user, auth } = await newSubscriber(plan);
      const { res, body, sent } = await postShoot(auth, STYLE_IDS);
      expect(res.status, body.message).toBe(201);
      expect(body.headshots).toHaveLength(STYLE_IDS.length);
      expect(sent).toHaveLength(STYLE_IDS.length);
      for (const h of body.headshots) expect(await headshotRow(h.id)).toMatchObject({ status: "processing", fairUseCharged: true });
      const left = (await fairUseOf(user.id)).tokens!;
      expect(left).toBeCloseTo(FAIR_USE[plan].atOnce - STYLE_IDS.length, 2);
      expect(left).toBeGreaterThanOrEqual(3);
    });
  }

  it("refuses past the allowance with when the next picture is possible, and refills with time", async () => {
    const { user, auth } = await createTestUser({ subscription: { planType: "yearly" } });
    const { body } = await upload(auth);
    await setFairUse(user.id, 0.5);
    const res = await generate(auth, body.id);
    expect(res.status).toBe(429);
    const perDay = fairUseRefillPerDay(FAIR_USE.yearly);
    const wait = (0.5 / perDay) * 86_400; // half a picture to go: 14 hours at 6 a week
    const { message } = await errorBody(res);
    expect(message).toBe(
      `You've used your fair-use allowance for now (${fairUseCaps("yearly")}). Your next picture is possible in ${aboutDuration(wait)}.`,
    );
    expect(message).toContain("in about 14 hours");
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(wait - 60);
    expect((await headshotRow(body.id)).status).toBe("pending");
    expect((await fairUseOf(user.id)).tokens).toBe(0.5); // a refusal writes nothing
    // the same half picture 15 hours ago has refilled to more than one
    await setFairUse(user.id, 0.5, new Date(Date.now() - 15 * 3_600_000));
    expect((await generate(auth, body.id)).status).toBe(202);
    expect((await fairUseOf(user.id)).tokens!).toBeLessThan(0.2);
  });

  it("a shoot larger than what is left is refused whole, saying how many fit now and when all of them will", async () => {
    const { user, auth } = await createTestUser({ subscription: { planType: "monthly" } });
    await setFairUse(user.id, 4.2);
    const { res, body } = await postShoot(auth, STYLE_IDS);
    expect(res.status).toBe(429);
    expect(body.message).toMatch(
      new RegExp(
        `^That's ${STYLE_IDS.length} pictures, and your fair-use allowance \\(${fairUseCaps("monthly")}\\) has room for 4 just now\\. Choose up to 4 now, or all ${STYLE_IDS.length} in about \\d+ (hours|days)\\.$`,
      ),
    );
    expect((await fairUseOf(user.id)).tokens).toBe(4.2);
  });

  it("is exact under concurrent requests: an allowance of 2 starts exactly 2 of 5 generations asked at once", async () => {
    const { user, auth } = await createTestUser({ subscription: { planType: "weekly" } });
    const ids: string[] = [];
    for (let i = 0; i < MAX_UNUSED_UPLOADS; i++) ids.push((await upload(auth)).body.id);
    await setFairUse(user.id, 2);
    const answers = await Promise.all(ids.map((id) => generate(auth, id)));
    expect(answers.map((r) => r.status).sort()).toEqual([202, 202, 429, 429, 429]);
    expect((await fairUseOf(user.id)).tokens!).toBeLessThan(0.01);
  });

  it("a failed picture gives its share back, once", async () => {
    const { user, auth } = await createTestUser({ subscription: { planType: "monthly" } });
    const { body } = await upload(auth);
    expect((await generate(auth, body.id)).status).toBe(202);
    const after = (await fairUseOf(user.id)).tokens!;
    expect(after).toBeCloseTo(FAIR_USE.monthly.atOnce - 1, 2);
    await withDb(env, (db) => failGeneration(db, body.id, "broken"));
    await withDb(env, (db) => failGeneration(db, body.id, "broken again"));
    expect((await fairUseOf(user.id)).tokens!).toBeCloseTo(after + 1, 5);
    expect(await headshotRow(body.id)).toMatchObject({ status: "failed", fairUseCharged: false });
  });
});
