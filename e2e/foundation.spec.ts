import { expect, test } from "@playwright/test";

test("the API is healthy and unknown API paths are JSON 404s", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });

  const missing = await request.get("/api/nope");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-type"]).toContain("application/json");
  expect((await missing.json()).error).toBe("Not Found");
});

test("the web app is served at / and on deep links, with security headers", async ({ page }) => {
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
  expect(res?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(res?.headers()["x-content-type-options"]).toBe("nosniff");
  await expect(page.locator("#root")).not.toBeEmpty();

  const deep = await page.goto("/privacy-policy");
  expect(deep?.status()).toBe(200);
  await expect(page.locator("#root")).not.toBeEmpty();

  await page.goto("/this/does/not/exist");
  await expect(page.getByRole("heading", { name: /not found/i })).toBeVisible();
});

test("someone who asked for less motion sees each animation once; everyone else sees spinners turn", async ({ page }) => {
  await page.goto("/auth"); // the app's stylesheet (the prerendered public pages inline only what they use)
  // A spinner as the app draws one (web/src/components/ui/spinner.tsx).
  const spin = async () => {
    return page.evaluate(() => {
      const el = document.createElement("span");
      el.className = "animate-spin";
      document.body.append(el);
      const { animationIterationCount, animationName } = getComputedStyle(el);
      el.remove();
      return { animationIterationCount, animationName };
    });
  };
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await spin()).toEqual({ animationIterationCount: "1", animationName: "spin" });
  await page.emulateMedia({ reducedMotion: "no-preference" });
  expect(await spin()).toEqual({ animationIterationCount: "infinite", animationName: "spin" });
});
