/** Admin test helpers: the operator's token (one shared account, found or created) and raw row seeding. */
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { getConfig } from "../config";
import { signAccessToken } from "../lib/access-tokens";
import { env, testDb } from "./helpers";

/** The operator: the configured address, verified. Shared by test files, so found or created. */
export async function operatorAuth() {
  const email = getConfig(env).OPERATOR_EMAIL;
  const { db, close } = testDb();
  try {
    let [row] = await db.select().from(users).where(eq(users.email, email));
    if (!row) [row] = await db.insert(users).values({ email, emailVerifiedAt: new Date() }).onConflictDoNothing().returning();
    if (!row) [row] = await db.select().from(users).where(eq(users.email, email));
    const token = await signAccessToken(getConfig(env), { id: row!.id, email, epoch: row!.sessionEpoch });
    return { id: row!.id, email, auth: { Authorization: `Bearer ${token}` } };
  } finally {
    await close();
  }
}

/** Runs `fn` with a database session, closed afterwards. */
export async function withTestDb<T>(fn: (db: ReturnType<typeof testDb>["db"]) => Promise<T>): Promise<T> {
  const { db, close } = testDb();
  try {
    return await fn(db);
  } finally {
    await close();
  }
}

export const at = (iso: string) => new Date(iso);
