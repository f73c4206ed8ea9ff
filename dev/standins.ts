/**
 * The local stand-ins for cloud services. Each keeps the production client code path: only the
 * endpoint changes. A real key in .dev.vars (or the environment) switches that service to the real one.
 */
import { join } from "node:path";
import { startGenaiStandin } from "./genai-standin";
import { startStripeStandin } from "./stripe-standin/server";
import { byStripePriceVar } from "../domain/plans";
import { STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET, startOidcStandin } from "./oidc-standin";

export interface Standins {
  vars: Record<string, string>;
  notes: string[];
  stop(): Promise<void>;
}

/**
 * The local Stripe's default webhook signing secret (the stand-in signs, the worker verifies). A
 * STRIPE_WEBHOOK_SECRET given to `npm start` replaces it on both sides.
 */
export const STRIPE_STANDIN_WEBHOOK_SECRET = "whsec_headshot_studio_local_standin";

export async function startStandins({
  vars: given,
  workerUrl,
  dataDir,
}: {
  appUrl: string;
  /** Where the worker listens on this machine (the stand-in delivers webhooks there). */
  workerUrl: string;
  /** Where stand-ins keep state between runs. */
  dataDir: string;
  vars: Record<string, string | undefined>;
}): Promise<Standins> {
  const stops: (() => Promise<void>)[] = [];
  const vars: Record<string, string> = {};
  const notes: string[] = [];

  if (given.GEMINI_API_KEY) {
    notes.push("Gemini: the real API (GEMINI_API_KEY is set)");
  } else {
    const genai = await startGenaiStandin({
      port: given.GENAI_STANDIN_PORT ? Number(given.GENAI_STANDIN_PORT) : undefined,
      delayMs: Number(given.GENAI_STANDIN_DELAY_MS ?? 3000),
      failRate: Number(given.GENAI_STANDIN_FAIL_RATE ?? 0),
    });
    stops.push(genai.stop);
    vars.GEMINI_BASE_URL = genai.url;
    vars.GEMINI_API_KEY = "";
    notes.push(`Gemini:           local stand-in at ${genai.url} (results are labelled LOCAL PREVIEW)`);
  }

  if (given.GOOGLE_CLIENT_ID && given.GOOGLE_CLIENT_SECRET) {
    notes.push("Google sign-in: the real Google (GOOGLE_CLIENT_ID is set)");
  } else {
    const oidc = await startOidcStandin();
    stops.push(oidc.stop);
    vars.GOOGLE_ISSUER = oidc.url;
    vars.GOOGLE_CLIENT_ID = STANDIN_CLIENT_ID;
    vars.GOOGLE_CLIENT_SECRET = STANDIN_CLIENT_SECRET;
    notes.push(`Google sign-in:   local OpenID provider at ${oidc.url}`);
  }

  if (given.STRIPE_SECRET_KEY) {
    notes.push("Stripe:           the real API (STRIPE_SECRET_KEY is set; prices from STRIPE_PRICE_*)");
  } else {
    const port = given.STRIPE_STANDIN_PORT ? Number(given.STRIPE_STANDIN_PORT) : undefined;
    if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) {
      throw new Error(`STRIPE_STANDIN_PORT must be a port number, got "${given.STRIPE_STANDIN_PORT}"`);
    }
    const webhookSecret = given.STRIPE_WEBHOOK_SECRET || STRIPE_STANDIN_WEBHOOK_SECRET;
    // Its state lives beside the database's, so the customer and subscription ids stored there stay valid.
    const stripe = await startStripeStandin({
      port,
      webhookUrl: `${workerUrl}/api/stripe/webhook`,
      webhookSecret,
      stateFile: join(dataDir, "stripe-standin.json"),
      log: (line) => console.error(line),
    });
    stops.push(stripe.stop);
    vars.STRIPE_API_URL = stripe.url;
    vars.STRIPE_SECRET_KEY = stripe.secretKey;
    vars.STRIPE_WEBHOOK_SECRET = webhookSecret;
    Object.assign(vars, byStripePriceVar(stripe.prices));
    notes.push(
      `Stripe:           local stand-in at ${stripe.url} (test card 4242 4242 4242 4242; clock: ${stripe.url}/v1/test_helpers/test_clocks)`,
    );
  }

  return {
    vars,
    notes,
    async stop() {
      for (const fn of stops) await fn().catch(() => {});
    },
  };
}
