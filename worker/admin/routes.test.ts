/**
 * /api/admin routes (issue 10): the guard on every route, the users page and its search, deleting a user,
 * the backfill against the local Stripe, the users CSV parsed back, and bad input answered 4xx.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { adminAuditLog, headshots, invoices, subscriptions, users, type User } from "../../db/schema";
import { app } from "../app";
import { api, billedAs, client, clientWith, createTestUser, env, errorBody, uniqueEmail } from "../test/helpers";
import { seedPending } from "../test/headshots";
import { joinedMember, teamWithSeats } from "../test/teams";
import { checkoutUrl, deliverEvents, payCheckout, prices, stripe } from "../test/billing";
import { operatorAuth, withTestDb } from "../test/admin";
import { headshotPrefix, resultKey, downloadCacheKey } from "../storage/keys";
import { USERS_CSV_HEADER } from "./export";

const A = "/api/admin";
const someId = "00000000-0000-4000-8000-000000000000";

/** Every admin route with a valid request (method, path, JSON body): requested raw, as a table of paths. */
const ROUTES: [string, string, unknown?][] = [
  ["GET", "/health"],
  ["GET", "/monitoring"],
  ["GET", "/users"],
  ["DELETE", `/users/${someId}`],
  ["GET", "/stats"],
  ["GET", "/analytics/users"],
  ["GET", "/analytics/generations"],
  ["GET", "/users-by-plan"],
  ["GET", "/financials/mrr"],
  ["GET", "/financials/arr"],
  ["GET", "/financials/revenue-by-plan"],
  ["GET", "/financials/churn"],
  ["GET", "/financials/profit-30d"],
  ["GET", "/financials/profit-mrr"],
  ["POST", "/financials/backfill-invoices"],
  ["GET", "/export/users.csv"],
  ["GET", "/export/financials.csv"],
  ["GET", "/moderation/headshots"],
  ["POST", `/moderation/headshots/${someId}/approve`],
  ["POST", `/moderation/headshots/${someId}/flag`, { reason: "x" }],
  ["DELETE", "/moderation/headshots/batch", { ids: [someId] }],
  ["GET", "/price-changes"],
  ["POST", "/price-changes", { planType: "monthly", amountCents: 3499, effectiveDate: "2099-01-01" }],
  ["POST", "/price-changes/00000000-0000-4000-8000-000000000000/withdraw"],
  ["GET", "/pictures"],
  ["POST", `/pictures/${someId}/feature`],
  ["POST", `/pictures/${someId}/unfeature`],
  ["POST", `/pictures/${someId}/example`, { slot: "before-after" }],
];

const request = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { ...headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
  body: body === undefined ? undefined : JSON.stringify(body),
});

const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  api(`${A}${path}`, request(method, body, headers));

describe("the operator guard", () => {
  it("refuses every admin route to anonymous (401) and to a signed-in user who is not the operator (403)", async () => {
    const someone = await createTestUser({ subscription: { planType: "yearly" } });
    for (const [method, path, body] of ROUTES) {
      const anon = await call(method, path, {}, body);
      expect(anon.status, `${method} ${path} anonymous`).toBe(401);
      expect((await errorBody(anon)).message).toBeTruthy();
      const user = await call(method, path, someone.auth, body);
      expect(user.status, `${method} ${path} user`).toBe(403);
      expect((await errorBody(user)).message).toBe("You don't have permission to access this page.");
    }
  });

  it("refuses the operator's address until it is verified, then lets it in", async () => {
    // A worker whose operator is this test's own unverified user (the shared operator stays as it is).
    const u = await createTestUser({ verified: false });
    const asOperatorOf = { ...env, OPERATOR_EMAIL: u.user.email } as Env;
    const fetch = (method: string, path: string, body?: unknown) =>
      app.request(`http://app.test${A}${path}`, request(method, body, u.auth), asOperatorOf);
    for (const [method, path, body] of ROUTES) {
      expect((await fetch(method, path, body)).status, `${method} ${path} unverified operator`).toBe(403);
    }
    const me = await clientWith(asOperatorOf).auth.user.$get({}, { headers: u.auth });
    expect((await me.json()).isOperator).toBe(false);

    await withTestDb((db) => db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, u.user.id)));
    expect((await fetch("GET", "/stats")).status).toBe(200);
    const verified = await clientWith(asOperatorOf).auth.user.$get({}, { headers: u.auth });
    expect((await verified.json()).isOperator).toBe(true);
  });

  it("tells the operator they are the operator on GET /api/auth/user", async () => {
    const op = await operatorAuth();
    expect((await (await client.auth.user.$get({}, { headers: op.auth })).json()).isOperator).toBe(true);
  });
});

describe("GET /api/admin/health", () => {
  it("touches the database, the bucket and the queue for the operator, and says which one failed", async () => {
    const op = await operatorAuth();
    const res = await client.admin.health.$get({}, { headers: op.auth });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok", storage: "ok", queue: "ok" });
    expect(res.headers.get("Cache-Control")).toBe("no-store");

    const failingBucket = { put: () => Promise.reject(new Error("bucket down")) };
    const degraded = await clientWith({ ...env, IMAGES: failingBucket } as unknown as Env).admin.health.$get({}, { headers: op.auth });
    expect(degraded.status).toBe(503);
    expect(await degraded.json()).toEqual({ status: "degraded", database: "ok", storage: "error", queue: "ok" });
  });
});

describe("GET /api/admin/users", () => {
  it("pages newest first with the total, searches email and names, and gives each row its counts", async () => {
    const op = await operatorAuth();
    const tag = `zq${crypto.randomUUID().slice(0, 8)}`;
    const made: User[] = [];
    for (const k of [0, 1, 2]) {
      const u = await createTestUser({ email: uniqueEmail(`${tag}-${k}`) });
      made.push(u.user);
    }
    await withTestDb(async (db) => {
      await db
        .update(users)
        .set({ firstName: "Ada", lastName: `Lovelace${tag}` })
        .where(eq(users.id, made[0]!.id));
      for (const [i, u] of made.entries())
        await db
          .update(users)
          .set({ createdAt: new Date(Date.UTC(2020, 0, 1 + i)) })
          .where(eq(users.id, u.id));
      await db.insert(subscriptions).values([
        {
          userId: made[2]!.id,
          stripeSubscriptionId: `sub_${tag}_a`,
          stripePriceId: "p",
          planType: "weekly",
          ...billedAs("weekly"),
          status: "canceled",
          createdAt: new Date(Date.UTC(2020, 1, 1)),
        },
        {
          userId: made[2]!.id,
          stripeSubscriptionId: `sub_${tag}_b`,
          stripePriceId: "p",
          planType: "yearly",
          ...billedAs("yearly"),
          status: "active",
          createdAt: new Date(Date.UTC(2020, 2, 1)),
        },
      ]);
    });
    const h1 = await seedPending(made[2]!.id);
    const h2 = await seedPending(made[2]!.id);
    await seedPending(made[2]!.id); // never generated: not counted
    await withTestDb(async (db) => {
      await db
        .update(headshots)
        .set({ status: "completed", createdAt: new Date("2021-05-01T10:00:00Z") })
        .where(eq(headshots.id, h1));
      await db
        .update(headshots)
        .set({ status: "failed", createdAt: new Date("2021-06-01T10:00:00Z") })
        .where(eq(headshots.id, h2));
    });

    const page1 = await (await client.admin.users.$get({ query: { q: tag.toUpperCase(), pageSize: "2" } }, { headers: op.auth })).json();
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.items.map((r) => r.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(page1.items[0]).toEqual({
      id: made[2]!.id,
      email: made[2]!.email,
      firstName: "Test",
      lastName: "User",
      profileImageUrl: null,
      headshotCount: 2,
      subscriptionCount: 2,
      subscription: { status: "active", planType: "yearly" },
      team: null,
      lastHeadshotDate: "2021-06-01T10:00:00.000Z",
      createdAt: "2020-01-03T00:00:00.000Z",
    });
    expect(page1.items[1]).toMatchObject({ headshotCount: 0, subscriptionCount: 0, subscription: null, lastHeadshotDate: null });
    const page2 = await (await client.admin.users.$get({ query: { q: tag, pageSize: "2", page: "2" } }, { headers: op.auth })).json();
    expect(page2.items.map((r) => r.id)).toEqual([made[0]!.id]);
    expect(page2.total).toBe(3);

    // by last name, by full name; LIKE wildcards are plain characters
    expect(
      (await (await client.admin.users.$get({ query: { q: `lovelace${tag}` } }, { headers: op.auth })).json()).items.map((r) => r.id),
    ).toEqual([made[0]!.id]);
    expect((await (await client.admin.users.$get({ query: { q: `Ada Lovelace${tag}` } }, { headers: op.auth })).json()).total).toBe(1);
    expect((await (await client.admin.users.$get({ query: { q: `${tag}%` } }, { headers: op.auth })).json()).total).toBe(0);
    expect(
      (await (await client.admin.users.$get({ query: { q: `${tag.slice(0, 4)}_${tag.slice(5)}` } }, { headers: op.auth })).json()).total,
    ).toBe(0);
  });

  it("answers bad paging and search input with a 400 and a message", async () => {
    const op = await operatorAuth();
    for (const q of ["page=0", "page=abc", "pageSize=101", "pageSize=0", `q=${"x".repeat(201)}`, "q=%00"]) {
      const res = await client.admin.users.$get({ query: Object.fromEntries(new URLSearchParams(q)) }, { headers: op.auth });
      expect(res.status, q).toBe(400);
      expect((await errorBody(res)).message, q).toBeTruthy();
    }
  });
});

/** A user who subscribed through the local Stripe's checkout; `deliver` records it as the webhooks would. */
async function subscriber(deliver: boolean) {
  const u = await createTestUser({ freeUsed: 2 });
  const res = await client.stripe["create-checkout-session"].$post({ json: { priceId: prices().monthly } }, { headers: u.auth });
  expect(res.status).toBe(200);
  expect((await payCheckout(await checkoutUrl(res), "4242 4242 4242 4242")).status).toBe(303);
  const [row] = await withTestDb((db) => db.select({ customer: users.stripeCustomerId }).from(users).where(eq(users.id, u.user.id)));
  if (deliver) await deliverEvents(row!.customer!);
  return { ...u, customerId: row!.customer! };
}

describe("DELETE /api/admin/users/:id", () => {
  it("cancels the Stripe subscription, deletes the user's objects and rows, keeps invoices owner-less, and records it", async () => {
    const op = await operatorAuth();
    const u = await subscriber(true);
    const [sub] = await withTestDb((db) => db.select().from(subscriptions).where(eq(subscriptions.userId, u.user.id)));
    expect(sub?.status).toBe("active");
    const id = await seedPending(u.user.id);
    await env.IMAGES.put(resultKey(u.user.id, id), "result");
    await env.IMAGES.put(downloadCacheKey(u.user.id, id, "abc"), "cached download");
    expect((await env.IMAGES.list({ prefix: headshotPrefix(u.user.id, id) })).objects).toHaveLength(3);

    const res = await client.admin.users[":id"].$delete({ param: { id: u.user.id } }, { headers: op.auth });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true, objects: 3, canceledSubscriptions: 1 });

    expect((await env.IMAGES.list({ prefix: `u/${u.user.id}/` })).objects).toHaveLength(0);
    expect((await stripe().subscriptions.retrieve(sub!.stripeSubscriptionId)).status).toBe("canceled");
    await withTestDb(async (db) => {
      expect(await db.select().from(users).where(eq(users.id, u.user.id))).toHaveLength(0);
      expect(await db.select().from(headshots).where(eq(headshots.userId, u.user.id))).toHaveLength(0);
      const kept = await db.select().from(invoices).where(eq(invoices.stripeSubscriptionId, sub!.stripeSubscriptionId));
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({ userId: null, amountCents: 2999, status: "paid" });
      const [entry] = await db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, "user.delete"), eq(adminAuditLog.targetId, u.user.id)));
      expect(entry).toMatchObject({
        actorUserId: op.id,
        actorEmail: op.email,
        targetType: "user",
        details: { email: u.user.email, objects: 3, canceledSubscriptions: 1 },
      });
    });

    // a second delete finds nobody
    expect((await client.admin.users[":id"].$delete({ param: { id: u.user.id } }, { headers: op.auth })).status).toBe(404);
  });

  it("refuses a bad id (400), an unknown one (404) and the operator's own account (403)", async () => {
    const op = await operatorAuth();
    const bad = await client.admin.users[":id"].$delete({ param: { id: "not-a-uuid" } }, { headers: op.auth });
    expect(bad.status).toBe(400);
    expect((await errorBody(bad)).message).toBe("id: must be a user id");
    expect((await client.admin.users[":id"].$delete({ param: { id: someId } }, { headers: op.auth })).status).toBe(404);
    const self = await client.admin.users[":id"].$delete({ param: { id: op.id } }, { headers: op.auth });
    expect(self.status).toBe(403);
    expect((await errorBody(self)).message).toBe("You cannot delete your own account from the admin dashboard.");
    expect(await withTestDb((db) => db.select({ id: users.id }).from(users).where(eq(users.id, op.id)))).toHaveLength(1);
  });
});

describe("teams in the operator's users list (issue 25)", () => {
  it("each row says the user's team and role; deleting a team's owner is refused until the team is closed", async () => {
    const op = await operatorAuth();
    const { owner } = await teamWithSeats(3);
    const member = await joinedMember(owner);
    const row = async (email: string) =>
      (await (await client.admin.users.$get({ query: { q: email } }, { headers: op.auth })).json()).items[0]!;
    expect((await row(owner.user.email)).team).toEqual({ name: "Acme", role: "owner" });
    expect((await row(member.user.email)).team).toEqual({ name: "Acme", role: "member" });
    expect((await row((await createTestUser()).user.email)).team).toBeNull();

    const refused = await client.admin.users[":id"].$delete({ param: { id: owner.user.id } }, { headers: op.auth });
    expect(refused.status).toBe(409);
    expect((await errorBody(refused)).message).toMatch(/owns the team "Acme". Close the team first/);
    expect(await withTestDb((db) => db.select({ id: users.id }).from(users).where(eq(users.id, owner.user.id)))).toHaveLength(1);
    // a member can be deleted: they simply leave the team
    expect((await client.admin.users[":id"].$delete({ param: { id: member.user.id } }, { headers: op.auth })).status).toBe(200);
    expect(await (await client.team.$get({}, { headers: owner.auth })).json()).toMatchObject({
      role: "owner",
      members: [expect.anything()],
    });
  });
});

describe("POST /api/admin/financials/backfill-invoices", () => {
  it("records the paid invoices Stripe has and we lack, and creates nothing the second time", async () => {
    const op = await operatorAuth();
    const u = await subscriber(false); // paid in Stripe, no webhook delivered: our table lacks the invoice
    const [paid] = (await stripe().invoices.list({ customer: u.customerId, status: "paid" })).data;
    expect(paid).toBeDefined();
    const mine = () => withTestDb((db) => db.select().from(invoices).where(eq(invoices.stripeInvoiceId, paid!.id!)));
    expect(await mine()).toHaveLength(0);

    const first = await (await client.admin.financials["backfill-invoices"].$post({}, { headers: op.auth })).json();
    expect(first.examined).toBeGreaterThanOrEqual(1);
    expect(first.created).toBeGreaterThanOrEqual(1);
    expect(await mine()).toEqual([expect.objectContaining({ userId: u.user.id, planType: "monthly", amountCents: 2999, status: "paid" })]);

    const second = await (await client.admin.financials["backfill-invoices"].$post({}, { headers: op.auth })).json();
    expect(second).toEqual({ examined: second.examined, created: 0 });
    expect(second.examined).toBeGreaterThanOrEqual(first.examined);
    expect(await mine()).toHaveLength(1);
  });
});

describe("GET /api/admin/export/users.csv", () => {
  it("streams RFC 4180 CSV that a CSV parser reads back, with formula cells neutralised", async () => {
    const op = await operatorAuth();
    const u = await createTestUser();
    const first = '=HYPERLINK("http://evil.test","click")';
    const last = 'Smith, "Jr"\nthe second';
    await withTestDb((db) => db.update(users).set({ firstName: first, lastName: last }).where(eq(users.id, u.user.id)));
    const other = await createTestUser();
    await withTestDb((db) => db.update(users).set({ firstName: "+1 555", lastName: "-2+3" }).where(eq(users.id, other.user.id)));

    const res = await client.admin.export["users.csv"].$get({}, { headers: op.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="users.csv"');
    const text = await res.text();
    expect(text.slice(0, text.indexOf("\r\n"))).toBe(USERS_CSV_HEADER.join(","));
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    const row = rows.find((r) => r.id === u.user.id)!;
    expect(row).toEqual({
      id: u.user.id,
      email: u.user.email,
      first_name: `'${first}`,
      last_name: last,
      headshots: "0",
      subscriptions: "0",
      subscription_status: "",
      subscription_plan: "",
      last_headshot_at: "",
      joined_at: u.user.createdAt.toISOString(),
      team: "",
      team_role: "",
    });
    expect(rows.find((r) => r.id === other.user.id)).toMatchObject({ first_name: "'+1 555", last_name: "'-2+3" });
    // every user once, newest first
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const joined = rows.map((r) => r.joined_at!);
    expect([...joined].sort().reverse()).toEqual(joined);
  });
});

describe("the users table and its CSV count headshots, not their versions (issue 46)", () => {
  it("a headshot refined and redone is one headshot, on screen and in the CSV; its newest version is the last activity", async () => {
    const op = await operatorAuth();
    const u = await createTestUser();
    const first = await seedPending(u.user.id);
    const other = await seedPending(u.user.id);
    await withTestDb(async (db) => {
      await db
        .update(headshots)
        .set({ status: "completed", createdAt: new Date("2021-05-01T10:00:00Z") })
        .where(eq(headshots.id, first));
      await db
        .update(headshots)
        .set({ status: "failed", createdAt: new Date("2021-05-01T11:00:00Z") })
        .where(eq(headshots.id, other));
      const [row] = await db.select().from(headshots).where(eq(headshots.id, first));
      const { id: _id, ...copy } = row!;
      const version = (n: number, kind: "edit" | "redo", at: string, status: "completed" | "pending" = "completed") => ({
        ...copy,
        kind,
        status,
        versionOf: first,
        version: n,
        editOf: kind === "edit" ? first : null,
        instruction: kind === "edit" ? "a navy tie" : null,
        createdAt: new Date(at),
      });
      await db
        .insert(headshots)
        .values([
          version(2, "edit", "2021-05-02T10:00:00Z"),
          version(3, "redo", "2021-05-03T10:00:00Z"),
          version(4, "edit", "2021-05-04T10:00:00Z", "pending"),
        ]);
    });

    const page = await (await client.admin.users.$get({ query: { q: u.user.email } }, { headers: op.auth })).json();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ headshotCount: 2, lastHeadshotDate: "2021-05-03T10:00:00.000Z" });

    const csv = parse(await (await client.admin.export["users.csv"].$get({}, { headers: op.auth })).text(), { columns: true }) as Record<
      string,
      string
    >[];
    expect(csv.find((r) => r.id === u.user.id)).toMatchObject({ headshots: "2", last_headshot_at: "2021-05-03T10:00:00.000Z" });
  });
});

describe("bad input to the financial routes", () => {
  it("answers bad dates and a from after to with a 400 and a message", async () => {
    const op = await operatorAuth();
    for (const path of [
      "/financials/churn?from=yesterday",
      "/financials/churn?from=2026-02-30",
      "/financials/revenue-by-plan?to=2026-13-01T00:00:00Z",
      "/financials/revenue-by-plan?from=2026-02-01&to=2026-01-01",
      "/financials/churn?from=2999-01-01",
      "/financials/revenue-by-plan?from=2999-01-01",
      "/export/financials.csv?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z",
    ]) {
      const res = await call("GET", path, op.auth);
      expect(res.status, path).toBe(400);
      expect((await errorBody(res)).message, path).toMatch(/from|to/);
    }
  });

  it("answers each figure route with its shape", async () => {
    const op = await operatorAuth();
    const get = { headers: op.auth };
    const admin = client.admin;
    expect(Object.keys(await (await admin.stats.$get({}, get)).json()).sort()).toEqual([
      "activeSubscriptions",
      "headshotsThisMonth",
      "totalHeadshots",
      "totalSubscriptions",
      "totalUsers",
      "usersThisMonth",
    ]);
    expect((await (await admin.analytics.users.$get({}, get)).json()).cohorts).toHaveLength(12);
    expect((await (await admin.analytics.generations.$get({}, get)).json()).daily).toHaveLength(30);
    expect((await (await admin["users-by-plan"].$get({}, get)).json()).map((r) => r.planType)).toEqual([
      "weekly",
      "monthly",
      "yearly",
      "team",
      "free",
    ]);
    const { mrr } = await (await admin.financials.mrr.$get({}, get)).json();
    expect(Number.isInteger(mrr)).toBe(true);
    const { arr } = await (await admin.financials.arr.$get({ query: {} }, get)).json();
    expect(arr % 12).toBe(0);
    expect(Object.keys(await (await admin.financials.churn.$get({ query: {} }, get)).json()).sort()).toEqual([
      "activeAtStart",
      "cancellations",
      "churnRate",
      "from",
      "to",
    ]);
    const p = await (await admin.financials["profit-30d"].$get({}, get)).json();
    expect(p.profitCents).toBe(p.revenueCents - p.costCents);
    const m = await (await admin.financials["profit-mrr"].$get({}, get)).json();
    expect(m.profitCents).toBe(m.mrrCents - m.estMonthlyCostCents);
  });
});
