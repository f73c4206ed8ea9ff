/**
 * A counting semaphore. Holds no I/O objects, so one instance may be shared by every request an
 * isolate serves (Workers forbid sharing sockets across requests, not plain promises).
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  get inUse(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async acquire(): Promise<() => void> {
    if (this.active < this.limit) {
      this.active++;
    } else {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      // the releaser handed its slot straight to us: `active` is unchanged
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    };
  }
}
