import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { getConfig } from "../config";
import { client, createTestUser, runJob, testDb } from "../test/helpers";
import { operatorAuth } from "../test/admin";
import { latestMail } from "../test/auth";
import { envWithChain, seedProcessing } from "../test/headshots";
import { LAST_FAILURE_KEY, noticeModelShutdown, readModelStatus, shutdownNoticeKey } from "./model-status";
import { processGeneration } from "./process";

const at = (iso: string) => new Date(iso);
/** The config of a deployment still on 2.5 Flash Image (the config refuses it once shut down; the cron reads what it was given). */
const onOldModel = () => ({ ...getConfig(env), GEMINI_MODEL: "gemini-2.5-flash-image" });

describe("the image model's shutdown notice", () => {
  it("emails the operator once, when the 30-day window before the announced shutdown opens", async () => {
    await env.IMAGES.delete(shutdownNoticeKey("gemini-2.5-flash-image"));
    const job = (now: Date) => runJob((deps) => noticeModelShutdown({ ...deps, config: onOldModel() }), now);
    expect(await job(at("2026-09-01T12:00:00Z"))).toBe(false); // 31 days before
    expect(await job(at("2026-09-02T12:00:00Z"))).toBe(true);
    const mail = await latestMail(getConfig(env).OPERATOR_EMAIL);
    expect(mail!.subject).toBe("Headshot Studio: the image model gemini-2.5-flash-image shuts down on 2026-10-02");
    expect(mail!.text).toContain("set GEMINI_MODEL to gemini-3.1-flash-image");
    expect(await job(at("2026-09-03T12:00:00Z"))).toBe(false); // once
    expect(await job(at("2026-09-20T12:00:00Z"))).toBe(false);
    // the default model has no shutdown announced: nothing to say
    expect(await runJob((deps) => noticeModelShutdown(deps), at("2026-09-02T12:00:00Z"))).toBe(false);
  });
});

describe("Monitoring's image model card (GET /api/admin/model)", () => {
  it("names the model in use, warns from 30 days before its shutdown, and is for the operator only", async () => {
    const { db, close } = testDb();
    try {
      expect(await readModelStatus(db, env.IMAGES, onOldModel(), at("2026-08-01T00:00:00Z"))).toMatchObject({
        model: "gemini-2.5-flash-image",
        shutdown: "2026-10-02",
        warning: null,
      });
      const soon = await readModelStatus(db, env.IMAGES, onOldModel(), at("2026-09-22T00:00:00Z"));
      expect(soon.warning).toBe(
        "Google shuts gemini-2.5-flash-image down on 2026-10-02 (in 10 days). Set GEMINI_MODEL to gemini-3.1-flash-image before then.",
      );
    } finally {
      await close();
    }
    const op = await operatorAuth();
    const res = await client.admin.model.$get({}, { headers: op.auth });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      model: "gemini-nano-banana-2.1",
      name: "Gemini Nano Banana 2.1",
      shutdown: null,
      warning: null,
    });
    const someone = await createTestUser();
    expect((await client.admin.model.$get({}, { headers: someone.auth })).status).toBe(403);
  });

  it("shows the last configuration failure with what to fix, until a generation completes after it", async () => {
    await env.IMAGES.delete(LAST_FAILURE_KEY);
    const { user } = await createTestUser();
    const failing = await seedProcessing(user.id);
    await processGeneration(envWithChain(`standin-retired-${crypto.randomUUID().slice(0, 8)}`, []), failing);
    const op = await operatorAuth();
    const status = await (await client.admin.model.$get({}, { headers: op.auth })).json();
    expect(status.lastFailure).toMatchObject({ status: 404, fixed: false });
    expect(status.lastFailure!.whatToFix).toMatch(/^Google does not serve .* set GEMINI_MODEL to a live model of domain\/models.ts/);
    expect((await processGeneration(env, await seedProcessing(user.id))).action).toBe("completed");
    const after = await (await client.admin.model.$get({}, { headers: op.auth })).json();
    expect(after.lastFailure).toMatchObject({ status: 404, fixed: true });
  });
});
