import { DEVICE_RESULT_OK, type ServiceReply } from '@aos/contract';

/** Why a command did not succeed. */
export type DeviceCommandFailure =
  /** the device answered with a non-zero `result` (its error code) */
  | 'rejected'
  /** no `services_reply` with the command's tid in time */
  | 'timeout'
  /** the link is not running (MQTT disabled, or the server is shutting down) or the publish failed */
  | 'unavailable';

export class DeviceCommandError extends Error {
  override name = 'DeviceCommandError';

  constructor(
    readonly reason: DeviceCommandFailure,
    message: string,
    /** the device's error code when `reason` is 'rejected' */
    readonly result: number | null = null,
    readonly output: unknown = undefined,
  ) {
    super(message);
  }
}

/** A command the device accepted. */
export interface CommandOutcome {
  tid: string;
  /** progress events of a long job carry this bid */
  bid: string;
  output: unknown;
}

interface Pending {
  gatewaySn: string;
  method: string;
  bid: string;
  timer: NodeJS.Timeout;
  resolve: (outcome: CommandOutcome) => void;
  reject: (error: DeviceCommandError) => void;
}

/**
 * Commands waiting for their reply, by `tid`. A reply settles the command only when it comes from the
 * gateway the command went to, so a device cannot answer for another.
 */
export class PendingCommands {
  private readonly pending = new Map<string, Pending>();

  get size(): number {
    return this.pending.size;
  }

  /** Wait for the reply to `tid` for up to `timeoutMs`. */
  wait(
    tid: string,
    bid: string,
    gatewaySn: string,
    method: string,
    timeoutMs: number,
  ): Promise<CommandOutcome> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(tid);
        reject(
          new DeviceCommandError('timeout', `${method} to ${gatewaySn}: no reply within ${timeoutMs} ms`),
        );
      }, timeoutMs);
      this.pending.set(tid, { gatewaySn, method, bid, timer, resolve, reject });
    });
  }

  /** A `services_reply` arrived: settle its command. False when no command of `gatewaySn` waits for `tid`. */
  settle(gatewaySn: string, tid: string, reply: ServiceReply): boolean {
    const pending = this.pending.get(tid);
    if (!pending || pending.gatewaySn !== gatewaySn) return false;
    this.pending.delete(tid);
    clearTimeout(pending.timer);
    if (reply.result === DEVICE_RESULT_OK) {
      pending.resolve({ tid, bid: pending.bid, output: reply.output });
    } else {
      pending.reject(
        new DeviceCommandError(
          'rejected',
          `${pending.method} to ${gatewaySn}: the device answered ${reply.result}`,
          reply.result,
          reply.output,
        ),
      );
    }
    return true;
  }

  /** Fail one command (its publish failed). */
  fail(tid: string, error: DeviceCommandError): void {
    const pending = this.pending.get(tid);
    if (!pending) return;
    this.pending.delete(tid);
    clearTimeout(pending.timer);
    pending.reject(error);
  }

  /** Fail every waiting command (the link is closing). */
  failAll(error: DeviceCommandError): void {
    for (const tid of [...this.pending.keys()]) this.fail(tid, error);
  }
}
