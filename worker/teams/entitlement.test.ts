/**
 * The team seat in "what may this person do now" (worker/credits allowanceOf, issue 25): a member of a
 * team with a live subscription has what a subscriber has — generations without a free credit (so no
 * watermark), fair use counted per member, high-resolution downloads — and it appears and disappears
 * with the seat and the subscription; past_due pauses it. Members generate in the team's brand look.
 */
import { describe, expect, it } from "vitest";
import { allowanceOf, hasPaidAccess } from "../credits";
import { startGeneration } from "../headshots/entitlement";
import { buildPrompt } from "../generation/prompts";
import { client, createTestUser, env } from "../test/helpers";
import { httpDb } from "../../db";
import { getConfig } from "../config";
import { creditsRow, fairUseOf, headshotRow, seedPending, setFairUse, upload } from "../test/headshots";
import { FAIR_USE } from "../../domain/plans";
import { joinedMember, setTeamSubscription, teamWithSeats, withDb } from "../test/teams";

const http = () => httpDb(getConfig(env));
const allowance = (userId: string) => withDb((db) => allowanceOf(db, userId));
const paid = (userId: string) => withDb((db) => hasPaidAccess(db, userId));

describe("the team seat in allowanceOf", () => {
  it("appears with the seat and the live subscription, and disappears with either", async () => {
    const { owner, teamId } = await teamWithSeats(3, { owner: { freeUsed: 2 } });
    const member = await joinedMember(owner, { freeUsed: 2 });
    expect(await allowance(owner.user.id)).toEqual({ kind: "team", teamId });
    expect(await allowance(member.user.id)).toEqual({ kind: "team", teamId });
    expect(await paid(member.user.id)).toBe(true);

    // past_due pauses it, as for a person; paying again brings it back
    await setTeamSubscription(teamId, { status: "past_due" });
    expect(await allowance(member.user.id)).toEqual({ kind: "free", remaining: 0, used: 2 });
    expect(await paid(member.user.id)).toBe(false);
    await setTeamSubscription(teamId, { status: "active" });
    expect(await allowance(member.user.id)).toEqual({ kind: "team", teamId });

    // the period over (a cancelled subscription that ran out), then ended
    await setTeamSubscription(teamId, { currentPeriodEnd: new Date(Date.now() - 1000) });
    expect((await allowance(member.user.id))?.kind).toBe("free");
    await setTeamSubscription(teamId, { currentPeriodEnd: new Date(Date.now() + 864e5), status: "canceled" });
    expect((await allowance(member.user.id))?.kind).toBe("free");
    await setTeamSubscription(teamId, { status: "active" });

    // removed: the seat goes at once
    expect((await client.team.members[":id"].$delete({ param: { id: member.user.id } }, { headers: owner.auth })).status).toBe(200);
    expect(await allowance(member.user.id)).toEqual({ kind: "free", remaining: 0, used: 2 });
  });

  it("a person's own plan comes first; an unverified member has no generations until verified", async () => {
    const { owner } = await teamWithSeats(3);
    const subscriber = await joinedMember(owner, { subscription: { planType: "monthly" } });
    expect(await allowance(subscriber.user.id)).toEqual({ kind: "subscriber", plan: "monthly" });
    const unverified = await joinedMember(owner, { verified: false });
    expect(await allowance(unverified.user.id)).toEqual({ kind: "unverified" });
    expect(await paid(unverified.user.id)).toBe(true); // downloads of what they have
  });
});

describe("generating as a member", () => {
  it("takes no free generation (no watermark) and takes fair use from each member's own allowance", async () => {
    const { owner } = await teamWithSeats(3);
    const ann = await joinedMember(owner, { freeUsed: 2 });
    const bob = await joinedMember(owner, { freeUsed: 2 });
    const [a1, a2, b1] = [await seedPending(ann.user.id), await seedPending(ann.user.id), await seedPending(bob.user.id)];
    expect(await startGeneration(http(), ann.user.id, a1)).toEqual({ started: true });
    expect(await headshotRow(a1)).toMatchObject({ status: "processing", chargedCredit: false, fairUseCharged: true });
    expect((await creditsRow(ann.user.id)).used).toBe(2);
    expect((await fairUseOf(ann.user.id)).tokens).toBeCloseTo(FAIR_USE.team.atOnce - 1, 3);
    await setFairUse(ann.user.id, 0.5);
    await expect(startGeneration(http(), ann.user.id, a2)).rejects.toThrow(/fair-use allowance/);
    // another member's allowance is their own
    expect(await startGeneration(http(), bob.user.id, b1)).toEqual({ started: true });
  });

  it("a member with nothing left uploads and generates while the seat is live; not after it is paused", async () => {
    const { owner, teamId } = await teamWithSeats(2);
    const ann = await joinedMember(owner, { freeUsed: 2 });
    expect((await upload(ann.auth)).res.status).toBe(201);
    await setTeamSubscription(teamId, { status: "past_due" });
    expect((await upload(ann.auth)).res.status).toBe(402);
  });
});

describe("the team look", () => {
  it("an upload in the team look takes the team's style and background colour", async () => {
    const { owner } = await teamWithSeats(3);
    const ann = await joinedMember(owner);
    const early = await upload(ann.auth, undefined, { style: "LinkedIn", teamLook: "true" });
    expect(early.res.status).toBe(409); // no look chosen yet
    await client.team.$patch({ json: { style: "Office", brandColor: "#1E3A5F" } }, { headers: owner.auth });
    const { res, body } = await upload(ann.auth, undefined, { style: "LinkedIn", teamLook: "true" });
    expect(res.status).toBe(201);
    expect(body.style).toBe("Office");
    expect(await headshotRow(body.id)).toMatchObject({ style: "Office", backgroundColor: "#1E3A5F" });
    // without it, the person's own choice
    const own = await upload(ann.auth, undefined, { style: "LinkedIn" });
    expect(await headshotRow(own.body.id)).toMatchObject({ style: "LinkedIn", backgroundColor: null });
    // outside a team there is no team look
    const outsider = await createTestUser();
    expect((await upload(outsider.auth, undefined, { style: "LinkedIn", teamLook: "true" })).res.status).toBe(404);
  });

  it("the prompt carries the colour in place of the style's backdrop", () => {
    const prompt = buildPrompt("Office", "woman", { backgroundColor: "#1E3A5F" });
    expect(prompt).toContain(`in the "Office" style`);
    expect(prompt).toMatch(/Background: .*#1E3A5F/);
    expect(prompt).not.toContain("a real modern office with desks");
    expect(buildPrompt("Office", "woman")).toContain("a real modern office with desks");
  });
});
