// A FIFO lock over the single PGlite session: one client connection at a time, others queue with a deadline.

interface Waiter {
  owner: object;
  granted: () => void;
  timer: NodeJS.Timeout;
}

export class BackendLock {
  private holder: object | null = null;
  private queue: Waiter[] = [];

  /**
   * Calls `granted` once `owner` holds the lock (synchronously if it is free), or `timedOut` after
   * `timeoutMs` in the queue; the owner is then no longer queued.
   */
  acquire(owner: object, timeoutMs: number, granted: () => void, timedOut: () => void): void {
    if (this.holder === null && this.queue.length === 0) this.holder = owner;
    if (this.holder === owner) {
      granted();
      return;
    }
    const timer = setTimeout(() => {
      this.queue = this.queue.filter((w) => w.owner !== owner);
      timedOut();
    }, timeoutMs);
    this.queue.push({ owner, granted, timer });
  }

  /** Gives the lock up (or leaves the queue) and hands it to the next waiter. */
  release(owner: object): void {
    const queued = this.queue.find((w) => w.owner === owner);
    if (queued) {
      clearTimeout(queued.timer);
      this.queue = this.queue.filter((w) => w !== queued);
    }
    if (this.holder !== owner) return;
    this.holder = null;
    const next = this.queue.shift();
    if (next) {
      clearTimeout(next.timer);
      this.holder = next.owner;
      next.granted();
    }
  }

  isHeldBy(owner: object): boolean {
    return this.holder === owner;
  }

  stats(): { held: boolean; waiting: number } {
    return { held: this.holder !== null, waiting: this.queue.length };
  }
}
