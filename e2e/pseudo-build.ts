/**
 * The pseudo-locale build for e2e/pseudo-locale.spec.ts (decision 390), made beside the suite rather than in front of
 * one of its workers (decision 430): once both servers are up, the global setup starts `npm run build:pseudo` in the
 * background when the run includes that spec, and the spec waits for it; its pages are reached minutes later, by
 * which time it is usually done. A run that did not start it (another spec, a filter this file does not read) has
 * the spec build it itself, as before — unless web/dist-pseudo is already newer than web/dist.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const STATE = join(ROOT, ".data");
const STARTED = join(STATE, "e2e-pseudo-build.started");
const EXIT = join(STATE, "e2e-pseudo-build.exit");
const LOG = join(STATE, "e2e-pseudo-build.log");

/** When a build was made (0: never). */
const builtAt = (dist: string) => (existsSync(join(ROOT, dist, "index.html")) ? statSync(join(ROOT, dist, "index.html")).mtimeMs : 0);
const upToDate = () => builtAt("web/dist-pseudo") >= builtAt("web/dist");

/** Whether the command line selects the pseudo spec: no file filter at all, or one that names it. */
function runIncludesPseudoSpec(argv: string[]): boolean {
  const filters = argv.slice(argv.indexOf("test") + 1).filter((a) => !a.startsWith("-"));
  return filters.length === 0 || filters.some((f) => "e2e/pseudo-locale.spec.ts".includes(f.replace(/^\.\//, "")));
}

/** Playwright's global setup (after the web servers): starts the build in the background; answers its teardown. */
export default function startPseudoBuild(): () => void {
  mkdirSync(STATE, { recursive: true });
  for (const f of [STARTED, EXIT, LOG]) rmSync(f, { force: true });
  if (upToDate() || !runIncludesPseudoSpec(process.argv)) return () => {};
  writeFileSync(STARTED, "");
  // The exit code appears whole (written, then renamed). A process group of its own, so the teardown stops npm's
  // children too if the suite ends first.
  const child = spawn("sh", ["-c", `npm run build:pseudo > "${LOG}" 2>&1; echo $? > "${EXIT}.tmp" && mv "${EXIT}.tmp" "${EXIT}"`], {
    cwd: ROOT,
    stdio: "ignore",
    detached: true,
  });
  return () => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
  };
}

/** In the spec: the pseudo build, up to date — waited for if the global setup started it, else made here. */
export async function pseudoBuildReady(): Promise<void> {
  if (!existsSync(STARTED)) {
    if (upToDate()) return;
    const exit = await new Promise<number | null>((resolve) =>
      spawn("npm", ["run", "build:pseudo"], { cwd: ROOT, stdio: "ignore" }).on("exit", (code) => resolve(code)),
    );
    if (exit !== 0) throw new Error(`npm run build:pseudo exited with ${exit}`);
    return;
  }
  while (!existsSync(EXIT)) await new Promise((r) => setTimeout(r, 500));
  const exit = readFileSync(EXIT, "utf8").trim();
  if (exit !== "0")
    throw new Error(`npm run build:pseudo (started by the global setup) exited with ${exit}:\n${readFileSync(LOG, "utf8")}`);
}
