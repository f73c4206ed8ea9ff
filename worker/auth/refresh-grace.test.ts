/**
 * Several tabs refreshing at once (issue 22, decision 087): the same refresh cookie presented by
 * simultaneous requests keeps everyone signed in, all with the same new token; a stale token presented
 * after the grace window is still reuse and revokes the family. Run on real Postgres too
 * (TEST_DATABASE_URL), where the requests truly overlap.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { refreshTokenFamilies } from "../../db/schema";
import { client, testDb } from "../test/helpers";
import { ageRotation, refreshWith, sessionFor, setCookieValue, signUp } from "../test/auth";

async function family(refresh: string) {
  const { db, close } = testDb();
  try {
    const [row] = await db
      .select()
      .from(refreshTokenFamilies)
      .where(eq(refreshTokenFamilies.id, refresh.split(".")[0]!));
    return row!;
  } finally {
    await close();
  }
}

describe("simultaneous refreshes with one cookie", () => {
  it("five at once all answer 200 with the same new token, and the family lives on", async () => {
    const { refresh } = await signUp();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refreshWith(refresh)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const tokens = new Set(answers.map((r) => setCookieValue(r, "hs_refresh")));
    expect(tokens.size).toBe(1);
    const [next] = [...tokens];
    expect(next).toBeTruthy();
    expect(next).not.toBe(refresh);
    expect((await family(refresh)).revokedAt).toBeNull();
    expect((await family(refresh)).generation).toBe(1); // one rotation, not five
    const after = await refreshWith(next!);
    expect(after.status).toBe(200);
  });

  it("a tab that presents the just-rotated token within the window is answered with the current one", async () => {
    const { refresh } = await signUp();
    const first = await refreshWith(refresh);
    const late = await refreshWith(refresh);
    expect(late.status).toBe(200);
    expect(setCookieValue(late, "hs_refresh")).toBe(setCookieValue(first, "hs_refresh"));
    expect(await sessionFor(refresh)).not.toBeNull(); // GET /session with it revokes nothing either
  });

  it("a rotation whose answer was lost: the next page load hands the browser the current token, and it stays signed in after the window", async () => {
    const { refresh } = await signUp();
    // the page navigated away while its POST /refresh was under way: the server rotated, the browser kept the old token
    const lost = setCookieValue(await refreshWith(refresh), "hs_refresh")!;
    const session = await client.auth.session.$get({}, { headers: { Cookie: `hs_refresh=${refresh}` } });
    expect(session.status).toBe(200);
    expect(await session.json()).not.toBeNull();
    const held = setCookieValue(session, "hs_refresh");
    expect(held).toBe(lost);
    // long after the window, the browser presents what it now holds: still signed in, nothing revoked
    await ageRotation(refresh);
    expect(await sessionFor(held)).not.toBeNull();
    expect((await family(refresh)).revokedAt).toBeNull();
    expect((await refreshWith(held!)).status).toBe(200);
  });

  it("GET /session with the current token leaves the cookie alone", async () => {
    const { refresh } = await signUp();
    const session = await client.auth.session.$get({}, { headers: { Cookie: `hs_refresh=${refresh}` } });
    expect(await session.json()).not.toBeNull();
    expect(setCookieValue(session, "hs_refresh")).toBeUndefined();
  });

  it("the audience pages' sign-in link hands back the current token too", async () => {
    const { refresh } = await signUp();
    const lost = setCookieValue(await refreshWith(refresh), "hs_refresh")!;
    const login = await client.auth.login.$get({ query: {} }, { headers: { Cookie: `hs_refresh=${refresh}` } });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe("/dashboard");
    expect(setCookieValue(login, "hs_refresh")).toBe(lost);
  });

  it("the grace covers only the token just replaced: one two rotations back is reuse", async () => {
    const { refresh } = await signUp();
    const second = setCookieValue(await refreshWith(refresh), "hs_refresh")!;
    const third = setCookieValue(await refreshWith(second), "hs_refresh")!;
    expect((await refreshWith(refresh)).status).toBe(401);
    expect((await family(refresh)).revokedReason).toBe("reuse");
    expect((await refreshWith(third)).status).toBe(401);
  });

  it("outside the window the old token is reuse: 401 and the whole family is revoked", async () => {
    const { refresh } = await signUp();
    const next = setCookieValue(await refreshWith(refresh), "hs_refresh")!;
    await ageRotation(refresh);
    const reuse = await refreshWith(refresh);
    expect(reuse.status).toBe(401);
    expect((await family(refresh)).revokedReason).toBe("reuse");
    expect((await refreshWith(next)).status).toBe(401);
  });
});
