import { afterEach, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { getConfig } from "../config";
import { client, runJob, testDb } from "../test/helpers";
import { operatorAuth } from "../test/admin";
import { DEFAULT_IMAGE_MODEL } from "../../domain/models";
import { HOUSEKEEPING, MODEL_CHECK_HOUR_UTC } from "../scheduled";
import { checkModelsWithGoogle } from "./model-list";
import { listServedModels, missingModels } from "./google-models";
import { geminiClient } from "./gemini";
import { goneNoticeKey, readModelStatus } from "./model-status";

/** Google's list moving ahead of the table: the stand-in leaves these out of models.list and models.get (generateContent unchanged). */
const unlist = (unlisted: string[]) => fetch(`${env.GEMINI_BASE_URL}/__control`, { method: "POST", body: JSON.stringify({ unlisted }) });

async function mailsTitled(subject: string) {
  const { messages } = await (await client.dev.mailbox.$get({ query: { to: getConfig(env).OPERATOR_EMAIL } })).json();
  return messages.filter((m) => m.subject === subject);
}

describe("asking Google which models it serves (models.list, decision 293)", () => {
  afterEach(async () => {
    await unlist([]);
  });

  it("reads every page of models.list through the SDK: the table's live models, not the shut-down ones", async () => {
    const served = await listServedModels(geminiClient(getConfig(env)), 1); // one model a page: three pages
    expect([...served].sort()).toEqual(["gemini-3-pro-image", "gemini-3.1-flash-lite-image", "gemini-nano-banana-2.1"]);
    expect(served.has("gemini-3.1-flash-image")).toBe(false);
  });

  it("compares the chain and the table with Google's list", () => {
    const config = [`${DEFAULT_IMAGE_MODEL}--standin-x`, "gemini-3-pro-image"];
    const now = new Date("2026-12-05T04:00:00Z");
    expect(missingModels(config, new Set(["gemini-3-pro-image", "gemini-3.1-flash-lite-image", DEFAULT_IMAGE_MODEL]), now)).toEqual({
      chain: [],
      table: [],
    });
    expect(missingModels(config, new Set(["gemini-3-pro-image"]), now)).toEqual({
      chain: [DEFAULT_IMAGE_MODEL],
      table: ["gemini-3.1-flash-lite-image"],
    });
  });

  it("the daily check alerts the operator once when the model in use is missing, and Monitoring shows it", async () => {
    await env.IMAGES.delete(goneNoticeKey(DEFAULT_IMAGE_MODEL));
    const subject = `Headshot Studio: Google no longer serves the image model ${DEFAULT_IMAGE_MODEL}`;
    const job = HOUSEKEEPING.find((j) => j.name === "models with Google")!;
    const at = (minute: number, hour = MODEL_CHECK_HOUR_UTC) => new Date(Date.UTC(2026, 11, 5, hour, minute));
    await unlist([DEFAULT_IMAGE_MODEL]);
    // once a day: the runs outside its five minutes do not ask Google
    await runJob((deps) => job.run(deps), at(10));
    await runJob((deps) => job.run(deps), at(0, MODEL_CHECK_HOUR_UTC + 1));
    expect(await mailsTitled(subject)).toHaveLength(0);
    await runJob((deps) => job.run(deps), at(0));
    const [mail] = await mailsTitled(subject);
    expect(mail!.text).toContain(
      `Google's list of models (models.list, asked with the production key) no longer has ${DEFAULT_IMAGE_MODEL}`,
    );
    expect(mail!.text).toContain("to gemini-3-pro-image, the next model of GEMINI_FALLBACK_MODELS");
    // the next day's check finds it missing again: no second mail
    expect(await runJob((deps) => checkModelsWithGoogle(deps), at(1))).toEqual({ chain: [DEFAULT_IMAGE_MODEL], table: [] });
    expect(await mailsTitled(subject)).toHaveLength(1);
    const { db, close } = testDb();
    try {
      const card = await readModelStatus(db, env.IMAGES, getConfig(env), new Date());
      expect(card.googleList).toMatchObject({ missing: { chain: [DEFAULT_IMAGE_MODEL], table: [] } });
    } finally {
      await close();
    }
    const op = await operatorAuth();
    const shown = await (await client.admin.model.$get({}, { headers: op.auth })).json();
    expect(shown.googleList!.missing.chain).toEqual([DEFAULT_IMAGE_MODEL]);
  });

  it("a table row Google no longer lists alerts too (the table is out of date), once", async () => {
    const lite = "gemini-3.1-flash-lite-image";
    await env.IMAGES.delete(goneNoticeKey(lite));
    await unlist([lite]);
    expect(await runJob((deps) => checkModelsWithGoogle(deps))).toEqual({ chain: [], table: [lite] });
    const [mail] = await mailsTitled(`Headshot Studio: Google no longer serves the image model ${lite}`);
    expect(mail!.text).toContain("It is not a model Headshot Studio is configured to use: remove its row from domain/models.ts.");
  });
});
