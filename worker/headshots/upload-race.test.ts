/**
 * An upload racing the deletion of its account (issue 22): the account is deleted after the upload passed
 * `requireUser` and while its photo is being stored. The answer is a clear 4xx and no object is left.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { headshots, users } from "../../db/schema";
import { app } from "../app";
import { createTestUser, env, testDb } from "../test/helpers";
import { photoForm } from "../test/headshots";
import { jpegBytes } from "../test/images";
import { userPrefix } from "../storage/keys";

async function deleteAccountRow(userId: string) {
  const { db, close } = testDb();
  try {
    await db.delete(users).where(eq(users.id, userId));
  } finally {
    await close();
  }
}

/** The IMAGES bucket, except that storing an object first deletes the account (the race, made certain). */
function bucketDeletingAccountOnPut(userId: string): R2Bucket {
  const bucket = env.IMAGES;
  return new Proxy(bucket, {
    get(target, prop) {
      if (prop === "put") {
        return async (...args: Parameters<R2Bucket["put"]>) => {
          await deleteAccountRow(userId);
          return target.put(...args);
        };
      }
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe("upload racing account deletion", () => {
  it("answers 401 with a message, stores no row and leaves no object", async () => {
    const { user, auth } = await createTestUser();
    const racing = { ...env, IMAGES: bucketDeletingAccountOnPut(user.id) } as Env;
    const res = await app.request(
      "http://app.test/api/headshots/upload",
      { method: "POST", headers: auth, body: photoForm(jpegBytes()) },
      racing,
    );
    expect(res.status).toBe(401);
    expect((await res.json<{ message: string }>()).message).toBe("Your account no longer exists. Please sign in again.");
    expect((await env.IMAGES.list({ prefix: userPrefix(user.id) })).objects).toHaveLength(0);
    const { db, close } = testDb();
    try {
      expect(await db.select().from(headshots).where(eq(headshots.userId, user.id))).toHaveLength(0);
    } finally {
      await close();
    }
  });
});
