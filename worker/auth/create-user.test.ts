/**
 * The one way in (issue 21): password and Google sign-up create the user, the password and the credits
 * row in one transaction, so a failure half-way leaves no account behind.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { passwordCredentials, users } from "../../db/schema";
import { client, testDb } from "../test/helpers";
import { uniqueIp } from "../test/auth";

/** Makes opening the credits row fail for addresses starting with "atomic-" (a database failure half-way). */
beforeAll(async () => {
  const { db, close } = testDb();
  try {
    await db.execute(sql`create or replace function test_refuse_atomic_credits() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from users where id = new.user_id and email like 'atomic-%') then raise exception 'refused by test'; end if;
        return new;
      end $$`);
    await db.execute(sql`drop trigger if exists test_refuse_atomic_credits on credits`);
    await db.execute(
      sql`create trigger test_refuse_atomic_credits before insert on credits for each row execute function test_refuse_atomic_credits()`,
    );
  } finally {
    await close();
  }
});

describe("createUser", () => {
  it("a password sign-up that fails half-way leaves no user and no password", async () => {
    const email = `atomic-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const res = await client.auth.signup.$post(
      { json: { email, password: "secret12", acceptTerms: true } },
      { headers: { "CF-Connecting-IP": uniqueIp() } },
    );
    expect(res.status).toBe(500);
    const { db, close } = testDb();
    try {
      expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      expect(
        await db
          .select()
          .from(passwordCredentials)
          .innerJoin(users, eq(users.id, passwordCredentials.userId))
          .where(eq(users.email, email)),
      ).toHaveLength(0);
    } finally {
      await close();
    }
    // no account holds the address: a second try is refused by the trigger again, not answered 409
    const again = await client.auth.signup.$post(
      { json: { email, password: "secret12", acceptTerms: true } },
      { headers: { "CF-Connecting-IP": uniqueIp() } },
    );
    expect(again.status).toBe(500);
  });
});
