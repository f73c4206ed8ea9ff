/**
 * `npm start`'s children are in its process group (issue 35): a kill of the group ends them too, and the
 * port they held is free. They used to be spawned detached and survived, keeping the port.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const fixture = fileURLToPath(new URL("./fixtures/start-children.ts", import.meta.url));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });

describe("npm start's children", () => {
  it("die with its process group, and their port is free", async () => {
    // the stand-in for npm start leads a process group of its own, as a shell's job does
    const start = spawn(process.execPath, ["--import", "tsx", fixture], { detached: true, stdio: ["ignore", "pipe", "inherit"] });
    const [childPid, port] = await new Promise<[number, number]>((resolve, reject) => {
      let out = "";
      start.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const m = /READY (\d+) (\d+)/.exec(out);
        if (m) resolve([Number(m[1]), Number(m[2])]);
      });
      start.once("exit", (code) => reject(new Error(`the fixture exited (${code}): ${out}`)));
    });
    expect(alive(childPid)).toBe(true);
    expect(await portFree(port)).toBe(false);

    process.kill(-start.pid!, "SIGKILL"); // the whole group, as a supervisor or `kill -- -PGID` does
    for (let i = 0; i < 50 && alive(childPid); i++) await new Promise((r) => setTimeout(r, 100));
    const survived = alive(childPid);
    if (survived) process.kill(childPid, "SIGKILL"); // leave nothing behind, whatever the outcome
    expect(survived).toBe(false);
    expect(await portFree(port)).toBe(true);
  });
});
