import type { Context } from "hono";
import type { AppEnv } from "../env";

/** Where the web app lives, for links in mails and return URLs: APP_URL, else this request's origin. */
export const appOrigin = (c: Context<AppEnv>) => (c.var.config.APP_URL ?? new URL(c.req.url).origin).replace(/\/+$/, "");
