/** Team test helpers (issue 25): a team whose subscription is written straight into the database, members, finished headshots. */
import { eq, sql } from "drizzle-orm";
import { headshots, subscriptions, teamInvitations } from "../../db/schema";
import { api, billedAs, client, createTestUser, testDb, type TestUserOptions } from "./helpers";
import { env } from "cloudflare:test";
import { processGeneration } from "../generation/process";
import { seedPending, withRecordingQueue } from "./headshots";
import { jpegBytes } from "./images";

/** A raw JSON request, for tables of routes and bodies the contract refuses; everything else goes through `client`. */
export const send = (method: string, path: string, auth: Record<string, string>, body?: unknown) =>
  api(path, {
    method,
    headers: { ...auth, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

export async function withDb<T>(fn: (db: ReturnType<typeof testDb>["db"]) => Promise<T>): Promise<T> {
  const { db, close } = testDb();
  try {
    return await fn(db);
  } finally {
    await close();
  }
}

/** An owner with a named team (created through the API) and, unless `seats` is 0, a live subscription of that many seats. */
export async function teamWithSeats(seats: number, opts: { status?: string; owner?: TestUserOptions } = {}) {
  const owner = await createTestUser(opts.owner);
  const res = await client.team.$post({ json: { name: "Acme" } }, { headers: owner.auth });
  if (res.status !== 201) throw new Error(`team creation failed: ${res.status} ${await res.text()}`);
  const { id: teamId } = await res.json();
  if (seats > 0) await giveSubscription(teamId, seats, opts.status);
  return { owner, teamId };
}

export async function giveSubscription(teamId: string, seats: number, status = "active") {
  await withDb((db) =>
    db.insert(subscriptions).values({
      teamId,
      stripeSubscriptionId: `sub_test_team_${crypto.randomUUID()}`,
      stripePriceId: "price_team",
      planType: "team",
      status,
      ...billedAs("team", seats),
      currentPeriodStart: new Date(),
      currentPeriodEnd: new Date(Date.now() + 30 * 864e5),
    }),
  );
}

export const setTeamSubscription = (teamId: string, change: Partial<typeof subscriptions.$inferInsert>) =>
  withDb((db) => db.update(subscriptions).set(change).where(eq(subscriptions.teamId, teamId)));

/** The token of the newest invitation mailed to `email` (from the dev mailbox link). */
export async function invitationToken(email: string): Promise<string> {
  const res = await client.dev.mailbox.$get({ query: { to: email } });
  const { messages } = await res.json();
  const link = messages[0]?.links.find((l) => l.includes("/team/join?token="));
  if (!link) throw new Error(`no invitation mailed to ${email}`);
  return new URL(link).searchParams.get("token")!;
}

/** Invites a new verified user and has them accept; answers the member. */
export async function joinedMember(owner: { auth: Record<string, string> }, opts: TestUserOptions = {}) {
  const member = await createTestUser(opts);
  const res = await client.team.invitations.$post({ json: { email: member.user.email } }, { headers: owner.auth });
  if (res.status !== 201) throw new Error(`invitation failed: ${res.status} ${await res.text()}`);
  const accepted = await client.team.accept.$post({ json: { token: await invitationToken(member.user.email) } }, { headers: member.auth });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${await accepted.text()}`);
  return member;
}

/** A finished headshot of the user (its result object key set; the object itself is not needed here). */
export async function finishedHeadshot(userId: string, style = "Office") {
  const id = await seedPending(userId, { style });
  await withDb((db) =>
    db
      .update(headshots)
      .set({ status: "completed", resultKey: `results/${userId}/${id}.png`, resultMime: "image/png", completedAt: new Date() })
      .where(eq(headshots.id, id)),
  );
  return id;
}

export const expireInvitations = (email: string) =>
  withDb((db) =>
    db
      .update(teamInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(teamInvitations.email, email)),
  );

/** A headshot made the real way (a one-style shoot, its job run against the local model): its result is in the bucket. */
export async function generatedHeadshot(auth: Record<string, string>, style = "Office"): Promise<string> {
  const form = new FormData();
  form.append("photo", new File([jpegBytes(320, 256, 5) as Uint8Array<ArrayBuffer>], "me.jpg", { type: "image/jpeg" }));
  form.append("style", style);
  const res = await withRecordingQueue().fetch("/api/shoots", { method: "POST", headers: auth, body: form });
  if (res.status !== 201) throw new Error(`shoot failed: ${res.status} ${await res.text()}`);
  const {
    headshots: [picture],
  } = (await res.json()) as { headshots: { id: string }[] };
  const done = await processGeneration(env, picture!.id);
  if (done.action !== "completed") throw new Error(`generation did not complete: ${done.action}`);
  return picture!.id;
}
