/**
 * The processes `npm start` starts (wrangler and its workerd, vite --watch): in `npm start`'s own process
 * group, never detached, so whatever kills that group (Ctrl-C, `kill -- -PGID`, a supervisor) ends them
 * too; and on any exit of `npm start` itself, every descendant is signalled (issue 35: detached children
 * survived, keeping the port and retrying queue messages against a dead database).
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const started: ChildProcess[] = [];

export function spawnChild(command: string, args: string[], opts: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { ...opts, detached: false });
  started.push(child);
  return child;
}

/** Every descendant of `root` (children first found, then theirs), read from /proc; [] where there is none. */
export function descendants(root: number): number[] {
  const parents = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone meanwhile */
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    for (const child of parents.get(queue.shift()!) ?? []) {
      queue.push(child);
      found.push(child);
    }
  }
  return found;
}

/** Signals every process started here and all of their descendants (deepest last found first). */
export function signalChildren(signal: NodeJS.Signals): void {
  const pids = started.flatMap((c) => (c.pid && c.exitCode === null ? [c.pid, ...descendants(c.pid)] : []));
  for (const pid of pids.reverse()) {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

/** Waits until every child started here has exited, at most `ms`. */
export async function childrenExited(ms: number): Promise<void> {
  const exits = started.map((c) =>
    c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise((r) => c.once("exit", r)),
  );
  await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, ms))]);
}

// Whatever ends this process (an error, process.exit), its children go with it.
process.on("exit", () => signalChildren("SIGKILL"));
