/** Thrown out of a pending `sleep` when its scheduler stops: the job it belonged to ends quietly. */
export class Stopped extends Error {
  override name = 'Stopped';
}

/**
 * Timers of one simulated device, in simulated time: `sleep(15_000)` lasts 15 s × `timeScale` of real
 * time. `stop` clears every timer and ends every pending sleep with Stopped, so nothing outlives the device.
 */
export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sleepers = new Map<NodeJS.Timeout, (error: Stopped) => void>();
  private stopped = false;

  constructor(readonly timeScale: number) {
    if (!(timeScale > 0)) throw new RangeError('timeScale must be above 0');
  }

  /** Real milliseconds of `simMs` simulated ones. */
  real(simMs: number): number {
    return Math.max(0, simMs * this.timeScale);
  }

  /** Wait `simMs` simulated milliseconds. */
  sleep(simMs: number): Promise<void> {
    if (this.stopped) return Promise.reject(new Stopped());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.sleepers.delete(timer);
        resolve();
      }, this.real(simMs));
      this.sleepers.set(timer, reject);
    });
  }

  /** Call `fn` after `realMs` real milliseconds (unless stopped first). */
  after(realMs: number, fn: () => void): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, realMs);
    this.timers.add(timer);
  }

  /** Call `fn` every `realMs` real milliseconds until stopped. */
  every(realMs: number, fn: () => void): void {
    if (this.stopped) return;
    this.timers.add(setInterval(fn, realMs));
  }

  get running(): boolean {
    return !this.stopped;
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const [timer, reject] of this.sleepers) {
      clearTimeout(timer);
      reject(new Stopped());
    }
    this.sleepers.clear();
  }
}
