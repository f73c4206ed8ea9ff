import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--disable-background-networking"] });
const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
const cdp = await page.context().newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "loading"] });
await page.goto(`http://127.0.0.1:8783${process.env.P ?? "/"}`, { waitUntil: "load" });
await page.waitForTimeout(3000);
const buf = await browser.stopTracing();
await browser.close();
const ev = JSON.parse(buf.toString()).traceEvents as any[];
const main = ev.find((e) => e.name === "thread_name" && e.args.name === "CrRendererMain");
const mine = ev.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X");
const nav = ev.find((e) => e.name === "navigationStart")?.ts ?? mine[0].ts;
const fcp = ev.find((e) => e.name === "firstContentfulPaint");
console.log("FCP at", fcp ? ((fcp.ts - nav) / 1000).toFixed(0) : "?");
const tasks = mine.filter((e) => e.name === "RunTask" && e.dur > 30000);
for (const t of tasks) {
  const kids = mine.filter((e) => e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e !== t && e.dur > 2000);
  const agg = new Map<string, number>();
  for (const k of kids) agg.set(k.name, (agg.get(k.name) ?? 0) + k.dur);
  console.log(`task at ${((t.ts - nav) / 1000).toFixed(0)} ms: ${(t.dur / 1000).toFixed(0)} ms`, [...agg].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([n, d]) => `${n} ${(d / 1000).toFixed(0)}`).join(", "));
}
