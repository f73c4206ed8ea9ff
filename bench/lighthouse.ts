/**
 * Lighthouse 13 (mobile: default emulation and simulated throttling) on the built public site, in
 * Debian's Chromium: the four category scores and LCP / TBT / CLS for / and every audience page.
 * A benchmark, not a test: it prints figures (README "Public site: measured").
 *
 *   npm start                                   # PORT=8783 npm start, in another terminal
 *   BASE_URL=http://127.0.0.1:8783 npx tsx bench/lighthouse.ts
 *
 * Options (environment): PATHS=/,/services/cv-headshots measures only those pages; DETAILS=1 also prints
 * each page's LCP element and its longest main-thread tasks (what TBT is made of).
 */
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { SERVICE_PAGES } from "../web/src/lib/paths";

const base = (process.env.BASE_URL ?? "http://127.0.0.1:8783").replace(/\/+$/, "");
const paths = process.env.PATHS ? process.env.PATHS.split(",") : ["/", ...SERVICE_PAGES.map((s) => `/services/${s.slug}`)];
const details = process.env.DETAILS === "1";

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const rows: string[][] = [];
try {
  for (const path of paths) {
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`no result for ${path}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100));
    rows.push([
      path,
      score("performance"),
      score("accessibility"),
      score("best-practices"),
      score("seo"),
      `${((audits["largest-contentful-paint"]?.numericValue ?? 0) / 1000).toFixed(2)} s`,
      `${Math.round(audits["total-blocking-time"]?.numericValue ?? 0)} ms`,
      (audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3),
    ]);
    console.log(rows.at(-1)!.join("  "));
    if (details) {
      const lcp = audits["lcp-breakdown-insight"]?.details as { items?: { type: string; snippet?: string }[] } | undefined;
      console.log(`  LCP element: ${lcp?.items?.find((i) => i.type === "node")?.snippet ?? "?"}`);
      const tasks = (audits["long-tasks"]?.details as { items?: { url: string; duration: number; startTime: number }[] } | undefined)?.items ?? [];
      for (const t of tasks.slice(0, 8)) console.log(`  long task ${Math.round(t.duration)} ms at ${Math.round(t.startTime)} ms: ${t.url}`);
      const bootup = (audits["bootup-time"]?.details as { items?: { url: string; scripting: number; scriptParseCompile: number }[] } | undefined)?.items ?? [];
      for (const b of bootup) console.log(`  script ${b.url}: scripting ${Math.round(b.scripting)} ms, parse/compile ${Math.round(b.scriptParseCompile)} ms`);
    }
  }
} finally {
  chrome.kill();
}
console.log("\n| page | Perf | A11y | BP | SEO | LCP | TBT | CLS |\n|---|---|---|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
