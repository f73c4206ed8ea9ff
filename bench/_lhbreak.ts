import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { throttling } from "lighthouse/core/config/constants.js";
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] });
for (const path of (process.env.PATHS ?? "/").split(",")) {
  const r = await lighthouse(`http://127.0.0.1:8783${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: 8 } });
  const a = r!.lhr.audits;
  console.log(path, "TBT", a["total-blocking-time"].numericValue, "FCP", a["first-contentful-paint"].numericValue, "TTI", a["interactive"]?.numericValue);
  for (const it of (a["mainthread-work-breakdown"].details as any).items) console.log("  ", it.group, Math.round(it.duration));
  for (const it of ((a["long-tasks"]?.details as any)?.items ?? [])) console.log("   long", Math.round(it.startTime), Math.round(it.duration), it.url);
}
await chrome.kill();
