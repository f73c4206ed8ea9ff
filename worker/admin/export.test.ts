/**
 * The exports' read-ahead: the next page is asked for before the current one is handed out, and a
 * download abandoned part-way still ends the page reader (whose `finally` closes the export's session).
 */
import { describe, expect, it } from "vitest";
import { readAhead } from "./export";

/** Pages 1..n, logging each read as it starts and whether the reader was ended. */
function pages(n: number, log: string[]) {
  return (async function* () {
    try {
      for (let i = 1; i <= n; i++) {
        log.push(`read ${i}`);
        await new Promise((r) => setTimeout(r, 1));
        yield i;
      }
    } finally {
      log.push("closed");
    }
  })();
}

describe("readAhead", () => {
  it("yields every page in order, reading the next one before the current one is handed out", async () => {
    const log: string[] = [];
    for await (const page of readAhead(pages(3, log))) log.push(`write ${page}`);
    // the reader (and with it the export's session) ends as soon as the last page is read
    expect(log).toEqual(["read 1", "read 2", "write 1", "read 3", "write 2", "closed", "write 3"]);
  });

  it("ends the reader when the consumer stops early, a read being in flight", async () => {
    const log: string[] = [];
    const ahead = readAhead(pages(5, log));
    expect(await ahead.next()).toEqual({ value: 1, done: false });
    await ahead.return(undefined);
    expect(log).toEqual(["read 1", "read 2", "closed"]);
  });

  it("passes a failed read on to the consumer and ends the reader", async () => {
    const log: string[] = [];
    const failing = (async function* () {
      try {
        yield 1;
        throw new Error("connection lost");
      } finally {
        log.push("closed");
      }
    })();
    const ahead = readAhead(failing);
    expect(await ahead.next()).toEqual({ value: 1, done: false });
    await expect(ahead.next()).rejects.toThrow("connection lost");
    expect(log).toEqual(["closed"]);
  });
});
