/**
 * Per test file, the time spent before its first test against the time its tests take, so the next slow
 * file — or the next slow setup — shows (issue 33). A vitest reporter; run it beside the default one:
 *
 *   npx vitest run --reporter=default --reporter=./bench/test-files.ts [files…]
 *
 * Columns (seconds), slowest total first:
 *   world    worker files: waiting for the file's test world (dev/test-worlds.ts; 0 when a spare was ready)
 *   runner   worker files: from the lease to the file's start in workerd (Miniflare and the runner starting)
 *   setup    vitest's own: environment, harness and setup files
 *   import   importing the test file and everything it imports (vitest's collect)
 *   tests    the tests and hooks
 *   total    from the lease (worker files) or the file's start (others) to its end
 * and, at the end, how long the worlds' template took, and the world start times.
 * Figures on a shared 2-core machine swing with everyone else's load: compare files within one run.
 */
import type { Reporter, TestModule, TestProject, Vitest } from "vitest/node";
import type { WorldTiming } from "../dev/test-worlds";

const s = (ms: number) => (ms / 1000).toFixed(1);
const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : 0);

export default class TestFilesBench implements Reporter {
  private vitest!: Vitest;
  private queuedAt = new Map<string, number>();
  private endedAt = new Map<string, number>();

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestModuleQueued(m: TestModule) {
    this.queuedAt.set(m.moduleId, Date.now());
  }

  onTestModuleEnd(m: TestModule) {
    this.endedAt.set(m.moduleId, Date.now());
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const broker = this.vitest.projects.find((p: TestProject) => p.name === "worker")?.getProvidedContext().worldBroker;
    const timing = broker ? ((await (await fetch(`${broker}/timing`)).json()) as WorldTiming) : undefined;
    const worldOf = new Map((timing?.worlds ?? []).filter((w) => w.file).map((w) => [w.file!, w]));
    const root = this.vitest.config.root + "/";
    const rows = modules.map((m) => {
      const d = m.diagnostic();
      const world = worldOf.get(m.moduleId);
      const queued = this.queuedAt.get(m.moduleId) ?? 0;
      const ended = this.endedAt.get(m.moduleId) ?? queued;
      const setup = d.environmentSetupDuration + d.prepareDuration + d.setupDuration;
      return {
        file: `${m.project.name} ${m.moduleId.replace(root, "")}`,
        world: world ? world.waitedMs : undefined,
        runner: world ? Math.max(0, queued - world.leasedAt - world.waitedMs) : undefined,
        setup,
        import: d.collectDuration,
        tests: d.duration,
        total: ended - (world ? world.leasedAt : queued),
      };
    });
    rows.sort((a, b) => b.total - a.total);
    const w = Math.max(...rows.map((r) => r.file.length), 4);
    const col = (x: number | undefined) => (x === undefined ? "-" : s(x)).padStart(7);
    const lines = [
      "",
      `${"file".padEnd(w)}   world  runner   setup  import   tests   total`,
      ...rows.map((r) => `${r.file.padEnd(w)} ${[r.world, r.runner, r.setup, r.import, r.tests, r.total].map(col).join(" ")}`),
      `${"sum".padEnd(w)} ${(["world", "runner", "setup", "import", "tests", "total"] as const)
        .map((k) => col(rows.reduce((a, r) => a + (r[k] ?? 0), 0)))
        .join(" ")}`,
    ];
    if (timing) {
      const starts = timing.worlds.map((x) => x.startMs);
      lines.push(
        "",
        `test worlds: template ${s(timing.templateMs)} s; ${starts.length} worlds started in ${s(median(starts))} s (median), ` +
          `${s(Math.max(0, ...starts))} s (slowest); leases waited ${s(timing.worlds.reduce((a, x) => a + x.waitedMs, 0))} s in all`,
      );
    }
    this.vitest.logger.log(lines.join("\n"));
  }
}
