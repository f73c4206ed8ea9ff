/**
 * The local stand-ins for cloud services. Each keeps the production client code path: only the
 * endpoint changes. A real key in .dev.vars (or the environment) switches that service to the real one.
 */
import { startGenaiStandin } from "./genai-standin";
import { STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET, startOidcStandin } from "./oidc-standin";

export interface Standins {
  vars: Record<string, string>;
  notes: string[];
  stop(): Promise<void>;
}

export async function startStandins({ vars: given }: { appUrl: string; vars: Record<string, string | undefined> }): Promise<Standins> {
  const stops: (() => Promise<void>)[] = [];
  const vars: Record<string, string> = {};
  const notes: string[] = [];

  if (given.GEMINI_API_KEY) {
    notes.push("Gemini: the real API (GEMINI_API_KEY is set)");
  } else {
    const genai = await startGenaiStandin({
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

  return {
    vars,
    notes,
    async stop() {
      for (const fn of stops) await fn().catch(() => {});
    },
  };
}
