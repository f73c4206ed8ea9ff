import type { Db } from "../db";
import type { Config } from "./config";

/** What the signed-in request carries after `requireUser` (see worker/auth/middleware.ts). */
export interface AuthUser {
  id: string;
  email: string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    config: Config;
    db: Db;
    user: AuthUser;
  };
}

/** Messages on the GENERATIONS queue. */
export type QueueMessage = { headshotId: string } | { ping: string };
