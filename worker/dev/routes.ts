/** Development-only helpers. Every route answers 404 unless ENVIRONMENT is development or test. */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { notFound, validate } from "../lib";
import { DevMailbox } from "../mail";

export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    const env = c.var.config.ENVIRONMENT;
    if (env !== "development" && env !== "test") throw notFound(`No API route for ${c.req.method} ${c.req.path}`);
    c.header("Cache-Control", "no-store");
    await next();
  })
  /** GET /api/dev/mailbox?to=ADDRESS → the messages sent to ADDRESS, newest first. */
  .get(
    "/mailbox",
    validate("query", z.object({ to: z.string().trim().toLowerCase().pipe(z.email("must be an email address")) })),
    async (c) => {
      const { to } = c.req.valid("query");
      return c.json({ messages: await new DevMailbox(c.env.IMAGES).list(to) });
    },
  );
