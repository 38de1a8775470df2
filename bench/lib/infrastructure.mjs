// The services the benchmark needs: PostgreSQL (a database of its own) and Redis (used when it answers).
import net from 'node:net';
import pg from 'pg';

export const PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_DATABASE = 'aos_bench';
export const BENCH_DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${BENCH_DATABASE}`;
export const REDIS_URL = 'redis://127.0.0.1:6379';

/** True when something answers PING with PONG at the Redis address within a second. */
export function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    let reply = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

export async function withAdminClient(work) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const dropBenchDatabase = () =>
  withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`));

export async function createBenchDatabase() {
  await withAdminClient(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${BENCH_DATABASE}`);
  });
}
