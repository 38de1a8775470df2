// What the live benchmarks (live.mjs, live-map.mjs) share: their forked helpers, a latency histogram, and
// their two-column tables in the terminal and in RESULTS.md.
import { fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCH = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two-column tables: aligned text for the terminal, Markdown for RESULTS.md. */
export function textTable(rows) {
  const width = Math.max(...rows.map(([name]) => name.length));
  return rows.map(([name, value]) => `${name.padEnd(width)}  ${value}`).join('\n');
}
export function markdownTable([header, ...rows]) {
  return [
    `| ${header[0]} | ${header[1]} |`,
    '| --- | ---: |',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
  ].join('\n');
}

/** A forked helper speaking the { type } IPC protocol of live-server.mjs / live-devices.mjs. */
export function forkChild(file, env = {}, execArgv = process.execArgv) {
  const child = fork(path.join(BENCH, file), {
    env: { ...process.env, ...env },
    stdio: 'inherit',
    execArgv,
  });
  const waiting = new Map();
  child.on('message', (message) => {
    if (message.type === 'error') {
      console.error(`${file}: ${message.message}\n${message.stack ?? ''}`);
      process.exitCode = 1;
    }
    const resolve = waiting.get(message.type);
    if (resolve) {
      waiting.delete(message.type);
      resolve(message);
    }
  });
  const next = (type, timeoutMs = 600_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${file}: no '${type}' within ${timeoutMs} ms`)),
        timeoutMs,
      );
      waiting.set(type, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  const request = (message, answer = message.type) => {
    const reply = next(answer);
    child.send(message);
    return reply;
  };
  return { child, next, request };
}

/** Latencies in ms, kept as a histogram of 0.1 ms buckets (no sample arrays of millions of numbers). */
export class Histogram {
  buckets = new Map();
  count = 0;
  max = 0;
  add(ms) {
    const bucket = Math.max(0, Math.round(ms * 10));
    this.buckets.set(bucket, (this.buckets.get(bucket) ?? 0) + 1);
    this.count += 1;
    if (ms > this.max) this.max = ms;
  }
  quantile(q) {
    if (this.count === 0) return NaN;
    const target = Math.ceil(this.count * q);
    let seen = 0;
    for (const bucket of [...this.buckets.keys()].sort((a, b) => a - b)) {
      seen += this.buckets.get(bucket);
      if (seen >= target) return bucket / 10;
    }
    return this.max;
  }
}

/**
 * Put `body` between the markers `<!-- {key} start -->` and `<!-- {key} end -->` of RESULTS.md: in place when
 * they are there, otherwise first under `heading` (added at the end when missing). Other blocks stay.
 */
export function writeBlock(heading, key, body) {
  const file = path.join(BENCH, 'RESULTS.md');
  const text = readFileSync(file, 'utf8');
  const start = `<!-- ${key} start -->`;
  const end = `<!-- ${key} end -->`;
  const block = `${start}\n\n${body}\n\n${end}`;
  let next;
  if (text.includes(start) && text.includes(end))
    next = text.slice(0, text.indexOf(start)) + block + text.slice(text.indexOf(end) + end.length);
  else if (text.includes(heading)) next = text.replace(heading, `${heading}\n\n${block}`);
  else next = `${text.trimEnd()}\n\n${heading}\n\n${block}\n`;
  writeFileSync(file, next);
  console.log(`bench/RESULTS.md updated (${key})`);
}
