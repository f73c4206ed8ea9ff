import type { Context } from "hono";
import type { AppEnv } from "../env";
import { appUrl } from "../../domain/paths";

/** Where the web app lives, for links in mails and return URLs: APP_URL, else this request's origin. */
export const appOrigin = (c: Context<AppEnv>) => appUrl(c.var.config.APP_URL ?? new URL(c.req.url).origin, "");

/** The absolute URL of a page of the web app (domain/paths.ts `paths`, `landings`), for a mail or a return URL. */
export const appLink = (c: Context<AppEnv>, path: string) => `${appOrigin(c)}${path}`;
