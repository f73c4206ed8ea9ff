/**
 * Lighthouse 13 (mobile: default emulation and simulated throttling) on the built public site, in
 * Debian's Chromium: the four category scores and LCP / TBT / CLS for / and every audience page.
 * A benchmark, not a test: it prints figures (docs/figures.md, "Public site").
 *
 *   npm start                                   # PORT=8783 npm start, in another terminal
 *   BASE_URL=http://127.0.0.1:8783 npx tsx bench/lighthouse.ts
 *
 * Options (environment): PATHS=/,/services/cv-headshots measures only those pages (default: /, the
 * audience pages and both policies; the 404 page is the same layout, and Lighthouse refuses to score a
 * document answered 404); RUNS=3 measures the set that many times in a row;
 * DETAILS=1 also prints each page's LCP element and its longest main-thread tasks (what TBT is made of).
 *
 * BUSY=1, the busy phone (issue 27): Lighthouse's CPU slowdown doubled, 8× instead of the mobile preset's
 * 4× (the network throttling stays the preset's). Chosen over burning a core: this machine is shared, and
 * a burner would both slow the others' work and measure their load as much as ours. The machine's own
 * load still adds to it, so each page's line carries the 1-minute load average, and the summary its range.
 *
 * FIRST_TAP=1, the first tap (issue 35, decision 181): instead of Lighthouse, each page is opened fresh in
 * Chromium at Lighthouse's 4× CPU slowdown (`FIRST_TAP_CPU` to change it), left to settle, and its first
 * interaction is timed: a click on Services (1280 px) and a tap on the mobile menu's button (390 px), from
 * the click's event time to the first frame after the panel is open. Printed, never asserted.
 *
 * Each run starts with a bare page (`(bare)`: a heading and a line, no stylesheet, no script, served by
 * this script): what this browser on this machine costs with no page at all. Read a page's figures
 * against it: on 25 November 2026 the bare page alone read TBT 36–223 ms in busy mode on a quiet machine
 * (docs/figures.md, "Public site").
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { throttling } from "lighthouse/core/config/constants.js";
import { SERVICE_PAGES } from "../web/src/lib/paths";
import { CHROME_FLAGS, CHROME_PATH } from "./chromium";

const base = (process.env.BASE_URL ?? "http://127.0.0.1:8783").replace(/\/+$/, "");
const paths = process.env.PATHS
  ? process.env.PATHS.split(",")
  : ["/", ...SERVICE_PAGES.map((s) => `/services/${s.slug}`), "/privacy-policy", "/terms-of-service"];
const details = process.env.DETAILS === "1";
const runs = Number(process.env.RUNS ?? 1);
const busy = process.env.BUSY === "1";
const cpuSlowdownMultiplier = busy ? 2 * throttling.mobileSlow4G.cpuSlowdownMultiplier : throttling.mobileSlow4G.cpuSlowdownMultiplier;
const load = () => loadavg()[0]!;

if (process.env.FIRST_TAP === "1") {
  await firstTap();
  process.exit(0);
}

/** Milliseconds from the first click on a menu's button to the first frame with its panel open, per page. */
async function firstTap() {
  const { chromium } = await import("@playwright/test");
  const rate = Number(process.env.FIRST_TAP_CPU ?? throttling.mobileSlow4G.cpuSlowdownMultiplier);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  const cases = [
    { label: "Services, 1280 px", viewport: { width: 1280, height: 900 }, button: "Services", panel: "#services-menu" },
    { label: "Menu, 390 px", viewport: { width: 390, height: 844 }, button: "Menu", panel: "#mobile-menu" },
  ];
  console.log(`First tap at ${rate}× CPU slowdown; load average ${loadavg()[0]!.toFixed(2)}`);
  console.log("| page | case | first tap | second tap |\n|---|---|---|---|");
  try {
    for (let run = 1; run <= runs; run++) {
      for (const path of paths) {
        for (const c of cases) {
          const context = await browser.newContext({ viewport: c.viewport });
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate });
          await page.goto(`${base}${path}`);
          await page.waitForLoadState("networkidle");
          await page.waitForTimeout(500);
          const taps: number[] = [];
          for (let i = 0; i < 2; i++) {
            // A string, not a function: tsx would wrap a named function in a helper the page does not have.
            await page.evaluate(`void (window.tap = new Promise((resolve) => {
              let clickedAt = 0;
              document.addEventListener("click", (e) => { clickedAt ||= e.timeStamp; }, { capture: true, once: true });
              const el = document.querySelector(${JSON.stringify(c.panel)});
              const poll = () => el.matches(":popover-open") || el.checkVisibility()
                ? requestAnimationFrame(() => resolve(performance.now() - clickedAt))
                : requestAnimationFrame(poll);
              requestAnimationFrame(poll);
            }))`);
            await page.getByRole("button", { name: c.button, exact: true }).click();
            taps.push(Number(await page.evaluate("window.tap")));
            await page.keyboard.press("Escape");
            await page.waitForTimeout(300);
          }
          console.log(`| ${path} | ${c.label} | ${Math.round(taps[0]!)} ms | ${Math.round(taps[1]!)} ms |`);
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
}

const BARE = "(bare)";
const bare = createServer((_, res) =>
  res
    .writeHead(200, { "content-type": "text/html; charset=utf-8" })
    .end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
        '<title>A bare page</title><meta name="description" content="The benchmark\'s floor."></head>' +
        "<body><h1>A bare page</h1><p>No stylesheet, no script: what the browser costs on its own.</p></body></html>",
    ),
);
await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
const urlOf = (path: string) => (path === BARE ? `http://127.0.0.1:${(bare.address() as AddressInfo).port}/` : `${base}${path}`);

const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
console.log(
  `${busy ? "BUSY: " : ""}CPU slowdown ${cpuSlowdownMultiplier}×, ${runs} run(s) of ${paths.length} page(s); load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const rows: { run: number; path: string; cells: string[]; perf: number; tbt: number; cls: number; load: number }[] = [];
try {
  for (let run = 1; run <= runs; run++) {
    for (const path of [BARE, ...paths]) {
      const before = load();
      const result = await lighthouse(urlOf(path), {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
      });
      if (!result) throw new Error(`no result for ${path}`);
      if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const tbt = Math.round(audits["total-blocking-time"]?.numericValue ?? 0);
      const cls = audits["cumulative-layout-shift"]?.numericValue ?? 0;
      const loadDuring = Math.max(before, load());
      const cells = [
        path,
        String(score("performance")),
        String(score("accessibility")),
        String(score("best-practices")),
        String(score("seo")),
        `${((audits["largest-contentful-paint"]?.numericValue ?? 0) / 1000).toFixed(2)} s`,
        `${tbt} ms`,
        cls.toFixed(3),
        loadDuring.toFixed(1),
      ];
      rows.push({ run, path, cells, perf: score("performance"), tbt, cls, load: loadDuring });
      console.log(`run ${run}  ${cells.join("  ")}`);
      if (details) {
        const lcp = audits["lcp-breakdown-insight"]?.details as { items?: { type: string; snippet?: string }[] } | undefined;
        console.log(`  LCP element: ${lcp?.items?.find((i) => i.type === "node")?.snippet ?? "?"}`);
        console.log(`  FCP ${Math.round(audits["first-contentful-paint"]?.numericValue ?? 0)} ms`);
        const work =
          (audits["mainthread-work-breakdown"]?.details as { items?: { groupLabel: string; duration: number }[] } | undefined)?.items ?? [];
        console.log(`  main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)} ms`).join(", ")}`);
        const tasks =
          (audits["long-tasks"]?.details as { items?: { url: string; duration: number; startTime: number }[] } | undefined)?.items ?? [];
        for (const t of tasks.slice(0, 8))
          console.log(`  long task ${Math.round(t.duration)} ms at ${Math.round(t.startTime)} ms: ${t.url}`);
        const bootup =
          (audits["bootup-time"]?.details as { items?: { url: string; scripting: number; scriptParseCompile: number }[] } | undefined)
            ?.items ?? [];
        for (const b of bootup)
          console.log(`  script ${b.url}: scripting ${Math.round(b.scripting)} ms, parse/compile ${Math.round(b.scriptParseCompile)} ms`);
      }
    }
  }
} finally {
  chrome.kill();
  bare.close();
}
console.log("\n| run | page | Perf | A11y | BP | SEO | LCP | TBT | CLS | load avg |\n|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.run} | ${r.cells.join(" | ")} |`);
const loads = rows.map((r) => r.load);
const pages = rows.filter((r) => r.path !== BARE);
const floor = rows.filter((r) => r.path === BARE).map((r) => r.tbt);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(
  `\nworst page over ${runs} run(s): Performance ${Math.min(...pages.map((r) => r.perf))}, TBT ${Math.max(...pages.map((r) => r.tbt))} ms ` +
    `(median ${median(pages.map((r) => r.tbt))} ms; ≤ 50 ms on ${pages.filter((r) => r.tbt <= 50).length} of ${pages.length}), ` +
    `CLS ${Math.max(...pages.map((r) => r.cls)).toFixed(3)}; the bare page's TBT ${Math.min(...floor)}–${Math.max(...floor)} ms ` +
    `(median ${median(floor)} ms); load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
);
