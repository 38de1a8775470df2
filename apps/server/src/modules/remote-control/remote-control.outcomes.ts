import { and, eq, gte, like } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { logUsual } from '../../db/schema/index.js';
import { type Ctx, platformCtx } from '../../lib/context.js';
import type { Scheduler } from '../../scheduler/scheduler.js';
import type { LogService } from '../log/log.service.js';

/** A command sent to a device whose outcome is not logged yet (the scheduler job's payload). */
export interface PendingCommand {
  bid: string;
  tenantId: string;
  /** who sent it (null: the platform itself) */
  account: string | null;
  action: string;
  method: string;
  sn: string;
  /** when it was sent, ms since the epoch */
  sentAt: number;
}

declare module '../../scheduler/jobs.js' {
  interface JobMap {
    'remoteControl.commandOutcome': PendingCommand;
  }
}

/**
 * How long after the device's reply timeout the check runs: the instance that sent the command has logged
 * its outcome by then (the log writer writes within half a second), unless it stopped.
 */
export const OUTCOME_CHECK_GRACE_SECONDS = 10;

/**
 * A command's outcome is in the operation log whatever happens to the server. Before a command goes out, a
 * durable scheduler job is queued for after the reply timeout (plus a grace); once the outcome is logged
 * the job is cancelled. If the server was killed meanwhile (SIGKILL, a crash, a power cut), the job runs
 * after the restart (on any instance): it finds no log line of that bid, so it logs the command as timed
 * out with no outcome recorded. A late reply of the device cannot settle it any more: its tid died with
 * the process that waited for it (the link counts it as unmatched).
 */
export class CommandOutcomes {
  constructor(
    private readonly scheduler: Scheduler,
    private readonly db: Db,
    private readonly logs: LogService,
    private readonly replyTimeoutMs: number,
  ) {}

  define(): void {
    this.scheduler.define('remoteControl.commandOutcome', ({ data }) => this.settle(data), {
      retryLimit: 5,
      retryDelaySeconds: 30,
      retryBackoff: true,
    });
  }

  /** Note the command as pending; answers the job to cancel once its outcome is logged. */
  pending(
    ctx: Ctx,
    command: Omit<PendingCommand, 'tenantId' | 'account' | 'sentAt'>,
  ): Promise<string | null> {
    return this.scheduler.send(
      'remoteControl.commandOutcome',
      { ...command, tenantId: ctx.tenantId, account: ctx.user?.account ?? null, sentAt: Date.now() },
      { startAfter: Math.ceil(this.replyTimeoutMs / 1000) + OUTCOME_CHECK_GRACE_SECONDS },
    );
  }

  /** The outcome is logged: the check is not needed (if the cancel fails, the check finds the line). */
  settled(jobId: string | null): void {
    if (jobId) this.scheduler.cancel(jobId).catch(() => undefined);
  }

  /** The check: log the command as timed out unless a line of its bid is logged already. */
  async settle(command: PendingCommand): Promise<void> {
    await this.logs.flush();
    const [logged] = await this.db
      .select({ id: logUsual.id })
      .from(logUsual)
      .where(
        and(
          eq(logUsual.tenantId, command.tenantId),
          gte(logUsual.createTime, new Date(command.sentAt - 60_000)),
          eq(logUsual.logId, 'device.control'),
          like(logUsual.logData, `%bid ${command.bid}`),
        ),
      )
      .limit(1);
    if (logged) return;
    this.logs.usual(
      platformCtx(this.db, command.tenantId),
      'warn',
      'device.control',
      `${command.action} (${command.method}) → ${command.sn}: timeout, no outcome recorded ` +
        `(the server stopped before the device answered; sent by ${command.account ?? 'the platform'}), ` +
        `bid ${command.bid}`,
    );
    await this.logs.flush();
  }
}
