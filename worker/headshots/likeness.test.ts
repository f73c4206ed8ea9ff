/**
 * PUT /api/headshots/:id/likeness (issue 26): the owner's browser reports the likeness of a finished
 * headshot; the first report is kept, shown in the gallery's list, and only the owner may report it.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { headshots } from "../../db/schema";
import { MESSAGES } from "../../domain/limits";
import { api, client, createTestUser, errorBody, testDb } from "../test/helpers";
import { headshotRow, seedProcessing } from "../test/headshots";

const report = (auth: Record<string, string>, id: string, body: { likeness: number }) =>
  client.headshots[":id"].likeness.$put({ param: { id }, json: body }, { headers: auth });
/** Raw: bodies the contract refuses (`raw`: sent as they stand, not as JSON). */
const reportRaw = (auth: Record<string, string>, id: string, body: unknown, raw: boolean) =>
  api(`/api/headshots/${id}/likeness`, {
    method: "PUT",
    headers: { ...auth, "Content-Type": "application/json" },
    body: raw ? (body as string) : JSON.stringify(body),
  });

async function setRow(id: string, values: Partial<typeof headshots.$inferInsert>) {
  const { db, close } = testDb();
  try {
    await db.update(headshots).set(values).where(eq(headshots.id, id));
  } finally {
    await close();
  }
}

/** A finished headshot of a new user. */
async function finished() {
  const owner = await createTestUser();
  const id = await seedProcessing(owner.user.id);
  await setRow(id, { status: "completed", resultKey: `results/${id}` });
  return { ...owner, id };
}

describe("PUT /api/headshots/:id/likeness", () => {
  it("stores the owner's first report, lists it with the headshot, and answers later reports with it", async () => {
    const { auth, id } = await finished();
    const first = await report(auth, id, { likeness: 73 });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ likeness: 73 });
    const row = await headshotRow(id);
    expect(row.likeness).toBe(73);
    expect(row.likenessReportedAt).toBeInstanceOf(Date);

    const again = await report(auth, id, { likeness: 12 });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ likeness: 73 }); // the first report stands
    expect((await headshotRow(id)).likeness).toBe(73);

    const list = await (await client.headshots.$get({}, { headers: auth })).json();
    expect(list.find((h) => h.id === id)?.likeness).toBe(73);
  });

  it("accepts the bounds 0 and 100", async () => {
    for (const likeness of [0, 100]) {
      const { auth, id } = await finished();
      expect(await (await report(auth, id, { likeness })).json()).toEqual({ likeness });
    }
  });

  it("is the owner's only: another user's headshot is a 404 and stays unmeasured; no token is a 401", async () => {
    const { id } = await finished();
    const mallory = await createTestUser();
    const res = await report(mallory.auth, id, { likeness: 99 });
    expect(res.status).toBe(404);
    expect(await errorBody(res)).toMatchObject({ message: "Headshot not found." });
    expect((await report({}, id, { likeness: 99 })).status).toBe(401);
    expect((await headshotRow(id)).likeness).toBeNull();
  });

  describe("bad input is a 400 with a message, and nothing is stored", () => {
    const cases: [string, unknown, boolean][] = [
      ["above 100", { likeness: 101 }, false],
      ["below 0", { likeness: -1 }, false],
      ["a fraction", { likeness: 50.5 }, false],
      ["a string", { likeness: "80" }, false],
      ["null", { likeness: null }, false],
      ["missing", {}, false],
      ["not JSON", "likeness=80", true],
      ["a JSON array", [80], false],
    ];
    for (const [name, body, raw] of cases) {
      it(name, async () => {
        const { auth, id } = await finished();
        const res = await reportRaw(auth, id, body, raw);
        expect(res.status).toBe(400);
        const answer = await errorBody(res);
        expect(answer.message).toMatch(/likeness|JSON/i);
        expect((await headshotRow(id)).likeness).toBeNull();
      });
    }

    it("a malformed id", async () => {
      const { auth } = await finished();
      expect((await report(auth, "not-a-uuid", { likeness: 50 })).status).toBe(400);
    });
  });

  it("refuses a headshot that is not finished (409), removed or expired (410)", async () => {
    const owner = await createTestUser();
    const processing = await seedProcessing(owner.user.id);
    const res = await report(owner.auth, processing, { likeness: 50 });
    expect(res.status).toBe(409);
    expect((await headshotRow(processing)).likeness).toBeNull();

    const removed = await finished();
    await setRow(removed.id, { moderationStatus: "removed" });
    const gone = await report(removed.auth, removed.id, { likeness: 50 });
    expect(gone.status).toBe(410);
    expect(await errorBody(gone)).toMatchObject({ message: MESSAGES.headshotRemoved });

    const expired = await finished();
    await setRow(expired.id, { imagesDeletedAt: new Date() });
    expect((await report(expired.auth, expired.id, { likeness: 50 })).status).toBe(410);
    expect((await headshotRow(expired.id)).likeness).toBeNull();
  });

  it("the database refuses a value outside 0–100 whatever writes it", async () => {
    const { id } = await finished();
    await expect(setRow(id, { likeness: 101 })).rejects.toThrow();
  });
});
