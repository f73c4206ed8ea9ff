import { describe, expect, it } from "vitest";
import { Semaphore } from "./semaphore";

describe("Semaphore", () => {
  it("never lets more than `limit` holders in, and serves waiters in order", async () => {
    const sem = new Semaphore(2);
    const order: number[] = [];
    let peak = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const release = await sem.acquire();
        peak = Math.max(peak, sem.inUse);
        order.push(i);
        await new Promise((r) => setTimeout(r, 5));
        release();
        release(); // releasing twice is harmless
      }),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(sem.inUse).toBe(0);
    expect(sem.queued).toBe(0);
  });
});
