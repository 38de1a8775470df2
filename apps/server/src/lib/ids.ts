import { randomInt } from 'node:crypto';

/**
 * Snowflake ids (41 bits of milliseconds since 2020, 10 bits of worker, 12 bits of sequence), as strings:
 * 64-bit ids travel as JSON strings (PROTOCOLS.md §1) and sort by creation time.
 */
const EPOCH = 1_577_836_800_000n; // 2020-01-01T00:00:00Z

export class IdGenerator {
  private lastMs = -1n;
  private sequence = 0n;
  private readonly worker: bigint;

  constructor(workerId = randomInt(0, 1024)) {
    this.worker = BigInt(workerId);
  }

  next(): string {
    let now = BigInt(Date.now());
    if (now < this.lastMs) now = this.lastMs; // clock stepped back: keep ids increasing
    if (now === this.lastMs) {
      this.sequence = (this.sequence + 1n) & 0xfffn;
      if (this.sequence === 0n) {
        while (now <= this.lastMs) now = BigInt(Date.now());
      }
    } else {
      this.sequence = 0n;
    }
    this.lastMs = now;
    return (((now - EPOCH) << 22n) | (this.worker << 12n) | this.sequence).toString();
  }
}

export const ids = new IdGenerator(process.env.WORKER_ID ? Number(process.env.WORKER_ID) : undefined);
export const newId = (): string => ids.next();
