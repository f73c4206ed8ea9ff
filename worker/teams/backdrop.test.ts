/**
 * The company's backdrop (issue 37): the owner uploads a phone photo (the upload path's limits, upright,
 * reduced, encrypted once under the team's prefix) or keeps the brand colour; the outfit rule; a member's
 * generation in the team look sends the backdrop to the model as a reference image after the person's
 * photo, and the prompt says which is which (read from the local model's stats).
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { headshots, teams } from "../../db/schema";
import { MODEL_PHOTO_MAX_SIDE } from "../../domain/limits";
import { getConfig } from "../config";
import { getDecrypted } from "../storage/encrypted";
import { teamPrefix } from "../storage/keys";
import { processGeneration } from "../generation/process";
import { api, client, createTestUser, errorBody } from "../test/helpers";
import { envWithModel, headshotRow, photoForm, testModel, upload, withRecordingQueue } from "../test/headshots";
import { contains, decode, largeRgbaPng, pngBytes } from "../test/images";
import { distanceFromUpright, phonePhoto } from "../test/phone-photos";
import { joinedMember, send, teamWithSeats, withDb } from "../test/teams";

const postBackdrop = (auth: Record<string, string>, bytes: Uint8Array, name = "office.jpg", type = "image/jpeg") =>
  api("/api/team/backdrop", { method: "POST", headers: auth, body: photoForm(bytes, {}, name, type) });

const teamRow = (teamId: string) => withDb(async (db) => (await db.select().from(teams).where(eq(teams.id, teamId)))[0]!);

const objectsUnder = async (prefix: string) => (await env.IMAGES.list({ prefix })).objects.map((o) => o.key);

const sha256 = async (bytes: Uint8Array) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");

describe("the company's backdrop photo", () => {
  it("a 5800×5800 RGBA PNG of a few hundred KB (33.6 MP, inside the limit) is taken and reduced, not a 500 (issue 46)", async () => {
    const { owner, teamId } = await teamWithSeats(3);
    const res = await postBackdrop(owner.auth, await largeRgbaPng(5800), "office.png", "image/png");
    expect(res.status).toBe(201);
    const stored = (await getDecrypted(env.IMAGES, getConfig(env), (await teamRow(teamId)).backdropKey!))!;
    expect(stored.contentType).toBe("image/jpeg");
    expect(decode(stored.bytes)).toMatchObject({ width: MODEL_PHOTO_MAX_SIDE, height: MODEL_PHOTO_MAX_SIDE });
  });

  it("a phone photo is stored once for the team: encrypted, without its metadata, upright and reduced; members can see it", async () => {
    const { owner, teamId } = await teamWithSeats(3);
    const phone = await phonePhoto("camera"); // 4032×3024, EXIF orientation 6, GPS
    const res = await postBackdrop(owner.auth, phone);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ backdrop: "photo" });

    const row = await teamRow(teamId);
    expect(row.backdropKey).toMatch(new RegExp(`^${teamPrefix(teamId)}backdrop-`));
    expect(await objectsUnder(teamPrefix(teamId))).toEqual([row.backdropKey]);
    const raw = new Uint8Array(await (await env.IMAGES.get(row.backdropKey!))!.arrayBuffer());
    expect(contains(raw, "Exif")).toBe(false); // sealed at rest
    const stored = (await getDecrypted(env.IMAGES, getConfig(env), row.backdropKey!))!;
    const { width, height } = decode(stored.bytes);
    expect(Math.max(width, height)).toBeLessThanOrEqual(MODEL_PHOTO_MAX_SIDE);
    expect(Math.max(width, height)).toBeGreaterThan(MODEL_PHOTO_MAX_SIDE / 2);
    expect(height).toBeGreaterThan(width); // orientation 6: the landscape sensor photo stands upright
    expect(await distanceFromUpright(stored.bytes, "camera")).toBeLessThan(12);
    expect(contains(stored.bytes, "Exif")).toBe(false);

    const member = await joinedMember(owner);
    const seen = await api("/api/team/backdrop", { headers: member.auth });
    expect(seen.status).toBe(200);
    expect(new Uint8Array(await seen.arrayBuffer())).toEqual(stored.bytes);
    expect((await client.team.$get({}, { headers: member.auth }).then((r) => r.json()))!.team.shoot.backdrop).toBe("photo");
  });

  it("only the owner uploads or removes it; a bad file is a 400 and changes nothing; outsiders get 404", async () => {
    const { owner, teamId } = await teamWithSeats(3);
    const member = await joinedMember(owner);
    const outsider = await createTestUser();
    expect((await postBackdrop(member.auth, pngBytes())).status).toBe(403);
    expect((await postBackdrop(outsider.auth, pngBytes())).status).toBe(404);
    expect((await api("/api/team/backdrop", { headers: outsider.auth })).status).toBe(404);
    expect((await api("/api/team/backdrop", { headers: member.auth })).status).toBe(404); // none yet: the colour is the backdrop
    const bad = await postBackdrop(owner.auth, new TextEncoder().encode("not a photo at all, just words"), "office.txt", "text/plain");
    expect(bad.status).toBe(400);
    expect((await errorBody(bad)).message).toMatch(/JPEG|PNG|WebP/);
    expect((await teamRow(teamId)).backdropKey).toBeNull();
    expect(await objectsUnder(teamPrefix(teamId))).toEqual([]);
    expect((await send("DELETE", "/api/team/backdrop", member.auth)).status).toBe(403);
  });

  it("replacing it deletes the old object, removing it returns to the colour, closing the team deletes it", async () => {
    const { owner, teamId } = await teamWithSeats(0);
    expect((await postBackdrop(owner.auth, pngBytes(640, 480, 1), "a.png", "image/png")).status).toBe(201);
    const first = (await teamRow(teamId)).backdropKey!;
    expect((await postBackdrop(owner.auth, pngBytes(640, 480, 2), "b.png", "image/png")).status).toBe(201);
    const second = (await teamRow(teamId)).backdropKey!;
    expect(second).not.toBe(first);
    expect(await objectsUnder(teamPrefix(teamId))).toEqual([second]);

    expect((await send("DELETE", "/api/team/backdrop", owner.auth)).status).toBe(200);
    expect((await teamRow(teamId)).backdropKey).toBeNull();
    expect(await objectsUnder(teamPrefix(teamId))).toEqual([]);

    expect((await postBackdrop(owner.auth, pngBytes(640, 480, 3), "c.png", "image/png")).status).toBe(201);
    expect(await objectsUnder(teamPrefix(teamId))).toHaveLength(1);
    expect((await send("DELETE", "/api/team", owner.auth)).status).toBe(200);
    expect(await objectsUnder(teamPrefix(teamId))).toEqual([]);
  });

  it("the outfit rule is one of three, or null for the style's own clothing", async () => {
    const { owner } = await teamWithSeats(1);
    const res = await client.team.$patch({ json: { outfit: "smart-casual" } }, { headers: owner.auth });
    expect(await res.json()).toMatchObject({ outfit: "smart-casual" });
    expect((await send("PATCH", "/api/team", owner.auth, { outfit: "pyjamas" })).status).toBe(400);
    expect(await (await client.team.$patch({ json: { outfit: null } }, { headers: owner.auth })).json()).toMatchObject({ outfit: null });
  });
});

describe("a member's generation on the company backdrop", () => {
  it("sends the backdrop as the last reference image, names it in the prompt, and carries the outfit rule", async () => {
    const { owner } = await teamWithSeats(3);
    await client.team.$patch({ json: { style: "Corporate", brandColor: "#1E3A5F", outfit: "suit" } }, { headers: owner.auth });
    expect((await postBackdrop(owner.auth, await phonePhoto("camera"))).status).toBe(201);
    const member = await joinedMember(owner);

    const { res, body } = await upload(member.auth, undefined, { style: "LinkedIn", teamLook: "true" });
    expect(res.status).toBe(201);
    const row = await headshotRow(body.id);
    expect(row).toMatchObject({ style: "Corporate", backgroundColor: "#1E3A5F", outfit: "suit" });
    const { backdropKey } = await withDb(async (db) => (await db.select().from(headshots).where(eq(headshots.id, body.id)))[0]!);
    expect(backdropKey).toBeTruthy();

    const queued = withRecordingQueue();
    expect((await queued.client.headshots[":id"].generate.$post({ param: { id: body.id } }, { headers: member.auth })).status).toBe(202);
    const model = `backdrop-${crypto.randomUUID().slice(0, 8)}`;
    expect(await processGeneration(envWithModel(model), body.id)).toEqual({ action: "completed" });

    const stats = (await (await fetch(`${env.GEMINI_BASE_URL}/__stats`)).json()) as {
      references: Record<string, { images: number; backdrops: { index: number; sha256: string | null }[] }[]>;
      inputs: Record<string, string[][]>;
      prompts: Record<string, string[]>;
    };
    const config = getConfig(env);
    const backdrop = (await getDecrypted(env.IMAGES, config, backdropKey!))!;
    const person = (await getDecrypted(env.IMAGES, config, row.originalKey!))!;
    expect(stats.references[testModel(model)]).toEqual([{ images: 2, backdrops: [{ index: 2, sha256: await sha256(backdrop.bytes) }] }]);
    expect(stats.inputs[testModel(model)]).toEqual([[await sha256(person.bytes), await sha256(backdrop.bytes)]]);
    const [prompt] = stats.prompts[testModel(model)]!;
    expect(prompt).toContain("attached image 1 shows the person; attached image 2 is the backdrop");
    expect(prompt).toMatch(/Background: the company's backdrop from attached image 2/);
    expect(prompt).toMatch(/Clothing: a well-tailored dark business suit/);
  });

  it("without a backdrop photo the colour is the backdrop and only the person's photo is sent", async () => {
    const { owner } = await teamWithSeats(3);
    await client.team.$patch({ json: { style: "Corporate", brandColor: "#1E3A5F" } }, { headers: owner.auth });
    const member = await joinedMember(owner);
    const { body } = await upload(member.auth, undefined, { style: "LinkedIn", teamLook: "true" });
    const queued = withRecordingQueue();
    await queued.client.headshots[":id"].generate.$post({ param: { id: body.id } }, { headers: member.auth });
    const model = `colour-${crypto.randomUUID().slice(0, 8)}`;
    expect(await processGeneration(envWithModel(model), body.id)).toEqual({ action: "completed" });
    const stats = (await (await fetch(`${env.GEMINI_BASE_URL}/__stats`)).json()) as {
      references: Record<string, unknown[]>;
      prompts: Record<string, string[]>;
    };
    expect(stats.references[testModel(model)]).toEqual([{ images: 1, backdrops: [] }]);
    expect(stats.prompts[testModel(model)]![0]).toContain("in the brand colour #1E3A5F");
  });

  it("a backdrop replaced after the upload: the generation falls back to the brand colour instead of failing", async () => {
    const { owner } = await teamWithSeats(3);
    await client.team.$patch({ json: { style: "Office", brandColor: "#AA3300" } }, { headers: owner.auth });
    await postBackdrop(owner.auth, pngBytes(640, 480, 4), "a.png", "image/png");
    const member = await joinedMember(owner);
    const { body } = await upload(member.auth, undefined, { style: "LinkedIn", teamLook: "true" });
    await postBackdrop(owner.auth, pngBytes(640, 480, 5), "b.png", "image/png");
    const queued = withRecordingQueue();
    await queued.client.headshots[":id"].generate.$post({ param: { id: body.id } }, { headers: member.auth });
    const model = `replaced-${crypto.randomUUID().slice(0, 8)}`;
    expect(await processGeneration(envWithModel(model), body.id)).toEqual({ action: "completed" });
    const stats = (await (await fetch(`${env.GEMINI_BASE_URL}/__stats`)).json()) as { references: Record<string, unknown[]> };
    expect(stats.references[testModel(model)]).toEqual([{ images: 1, backdrops: [] }]);
  });
});
