import type { BossDb } from './boss-db.js';
import type { DeadLetter } from './jobs.js';

/** pg-boss's tables live in this schema of the app's database (named here so the queries below agree). */
export const BOSS_SCHEMA = 'pgboss';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * pg-boss 10 has no call that lists jobs by state, so the dead letters are read from its job table: a job
 * whose last attempt failed stays there in state `failed` (until archived after the dead-letter days), and
 * pg-boss's own `retry(name, id)` takes it back from there.
 */
export async function listDeadLetters(db: BossDb, name: string | undefined, limit: number) {
  const rows = await select(
    db,
    `select id, name, data, retry_count, output, created_on, completed_on
       from ${BOSS_SCHEMA}.job
      where state = 'failed' and ($1::text is null or name = $1)
      order by completed_on desc, id
      limit $2`,
    [name ?? null, limit],
  );
  return rows.map((row): DeadLetter => ({
    id: String(row.id),
    name: String(row.name),
    data: row.data,
    attempts: Number(row.retry_count) + 1,
    error: errorMessage(row.output),
    createdAt: new Date(row.created_on as string | Date),
    failedAt: new Date(row.completed_on as string | Date),
  }));
}

/**
 * The name of job `id` when it is in one of `states`: pg-boss's verbs take the name, because each name has a
 * table (partition) of its own. Null for an unknown id or another state.
 */
export async function jobName(db: BossDb, id: string, states: string[]): Promise<string | null> {
  if (!UUID.test(id)) return null;
  const rows = await select(
    db,
    `select name from ${BOSS_SCHEMA}.job where id = $1::uuid and state::text = any($2::text[])`,
    [id, states],
  );
  return rows[0] ? String(rows[0].name) : null;
}

async function select(db: BossDb, text: string, values: unknown[]) {
  const result = await db.executeSql(text, values);
  if (!result) throw new Error('the scheduler is stopped');
  return result.rows;
}

/** pg-boss stores a thrown error serialized ({name, message, stack}), other values as {value}. */
function errorMessage(output: unknown): string | null {
  if (output && typeof output === 'object') {
    const { message, value } = output as { message?: unknown; value?: unknown };
    if (typeof message === 'string') return message;
    if (value && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') {
      return (value as { message: string }).message;
    }
    if (value !== undefined) return String(value);
  }
  return output == null ? null : String(output);
}
