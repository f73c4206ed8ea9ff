/**
 * GET /api/landing/examples/:slot/:side — a real result the operator put in one of the landing's places
 * (decision 252): a style's example (`after`, 320×384 like the illustration it replaces) or the
 * before/after pair (`before` and `after`, 480×480). Public, as the landing is: the picture's owner agreed
 * to show it (ratings.picture_consent), and the database is asked on every request, so a withdrawn consent,
 * a deleted account, a removed or expired headshot answers 404 at once. The small lossy WebP is made once
 * per isolate (the download pipeline's `web` encoder) and kept in memory; browsers keep it for 5 minutes,
 * as long as the landing keeps its figures (decision 112). The `v` query (the picture's tag, written into
 * the landing) changes with the picture, so a new picture is never hidden by an old cached one.
 */
import { Hono } from "hono";
import { z } from "zod";
import { and, eq, isNull, ne } from "drizzle-orm";
import { headshots, ratings } from "../../db/schema";
import { BEFORE_AFTER_SLOT, EXAMPLE_SLOTS } from "../../domain/ratings";
import type { AppEnv } from "../env";
import { notFound, validate } from "../lib";
import { getDecrypted } from "../storage";
import { transformDownload } from "../downloads";

/** The example's pixel size: the prerendered illustration's (web/src/components/marketing/style-example.tsx). */
export const EXAMPLE_SIZE = { width: 320, height: 384 };
export const BEFORE_AFTER_SIZE = { width: 480, height: 480 };
/** How long a browser keeps an example: as long as an isolate keeps the landing's figures. */
export const EXAMPLE_MAX_AGE_SECONDS = 300;

/** The landing's URL of a place's picture; `tag` names the picture (its headshot id's first characters). */
export const exampleUrl = (slot: string, side: "before" | "after", tag: string) => `/api/landing/examples/${slot}/${side}?v=${tag}`;
export const exampleTag = (headshotId: string) => headshotId.replace(/-/g, "").slice(0, 12);

const params = z.object({
  slot: z.enum(EXAMPLE_SLOTS as [string, ...string[]], "Not found."),
  side: z.enum(["before", "after"], "Not found."),
});

const made = new Map<string, Uint8Array>();
const MADE_MAX = 64;

export const exampleRoutes = new Hono<AppEnv>().get("/:slot/:side", validate("param", params), async (c) => {
  const { slot, side } = c.req.valid("param");
  if (side === "before" && slot !== BEFORE_AFTER_SLOT) throw notFound();
  const [row] = await c.var.httpDb
    .select({ id: headshots.id, originalKey: headshots.originalKey, resultKey: headshots.resultKey })
    .from(ratings)
    .innerJoin(headshots, eq(headshots.id, ratings.headshotId))
    .where(
      and(
        eq(ratings.exampleSlot, slot),
        eq(ratings.pictureConsent, true),
        eq(headshots.status, "completed"),
        ne(headshots.moderationStatus, "removed"),
        isNull(headshots.imagesDeletedAt),
      ),
    )
    .limit(1);
  const key = side === "before" ? row?.originalKey : row?.resultKey;
  if (!row || !key) throw notFound();
  const cacheKey = `${row.id}:${slot}:${side}`;
  let bytes = made.get(cacheKey);
  if (!bytes) {
    const object = await getDecrypted(c.env.IMAGES, c.var.config, key);
    if (!object) throw notFound();
    const size = slot === BEFORE_AFTER_SLOT ? BEFORE_AFTER_SIZE : EXAMPLE_SIZE;
    bytes = (await transformDownload(object.bytes, { resolution: "web", shape: "square", fileFormat: "webp", ...size })).bytes;
    if (made.size >= MADE_MAX) made.delete(made.keys().next().value!);
    made.set(cacheKey, bytes);
  }
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": "image/webp",
    "Cache-Control": `public, max-age=${EXAMPLE_MAX_AGE_SECONDS}`,
    "Content-Length": String(bytes.length),
  });
});
