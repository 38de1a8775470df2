// The figures as text for the terminal and as the table between the markers of bench/RESULTS.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RESULTS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'RESULTS.md');
const START_MARKER = '<!-- results:start -->';
const END_MARKER = '<!-- results:end -->';
export const TARGET_RATIO = 0.6;
/** the filtered user page's p99 at 50 connections, in ms */
export const TARGET_PAGE_P99 = 50;

export const cpuText = ({ server, load, other }) =>
  [server, load, other].map((cores) => cores.toFixed(2)).join(' / ');

export const fmt = (value) => (value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1));

export function markdownTable(rows) {
  const lines = [
    '| Scenario | Connections | Requests/s (avg) | p50 (ms) | p99 (ms) | Requests | Errors | Non-2xx ' +
      '| CPU server / autocannon / other (cores) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.name} | ${row.connections} | ${fmt(row.rps)} | ${row.p50} | ${row.p99} | ` +
        `${row.requests.toLocaleString('en-US')} | ${row.errors} | ${row.non2xx} | ${cpuText(row.cpu)} |`,
    );
  }
  return lines.join('\n');
}

export function textTable(rows) {
  const header = [
    'scenario',
    'conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    'requests',
    'errors',
    'non-2xx',
    'CPU srv/ac/other',
  ];
  const cells = rows.map((row) => [
    row.name,
    String(row.connections),
    fmt(row.rps),
    String(row.p50),
    String(row.p99),
    row.requests.toLocaleString('en-US'),
    String(row.errors),
    String(row.non2xx),
    cpuText(row.cpu),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i].length)));
  const render = (line) =>
    line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [render(header), render(widths.map((w) => '-'.repeat(w))), ...cells.map(render)].join('\n');
}

export function writeResults({ rows, ratio, filtered, settings }) {
  const section = [
    START_MARKER,
    '',
    markdownTable(rows),
    '',
    `user-info / bare: **${(ratio * 100).toFixed(1)} %** (target ≥ ${TARGET_RATIO * 100} %: ` +
      `${ratio >= TARGET_RATIO ? 'met' : 'not met'})`,
    '',
    `filtered user page / the same SQL on the bare route: **${(filtered.ratio * 100).toFixed(1)} %** ` +
      `(target ≥ ${TARGET_RATIO * 100} %: ${filtered.ratio >= TARGET_RATIO ? 'met' : 'not met'}); p99 ` +
      `**${filtered.p99} ms** (target < ${TARGET_PAGE_P99} ms: ${filtered.p99 < TARGET_PAGE_P99 ? 'met' : 'not met'})`,
    '',
    `- Date: ${settings.date}`,
    `- Node.js: ${process.version} on ${os.platform()} ${os.arch()}, ${os.cpus().length} cores ` +
      `(\`os.cpus().length\`), shared by the servers and autocannon`,
    `- Background load before the start: ${settings.idleLoad.toFixed(2)} cores busy with other work; ` +
      'the CPU column shows the cores used during each run by the API process, by autocannon and by ' +
      'everything else (PostgreSQL, Redis, other processes)',
    `- Database: ${settings.database}; cache: ${settings.redis ? 'Redis' : 'in-process (no Redis)'}`,
    `- Password hash cost: ${settings.hashCost} (scrypt N=2^${settings.hashCost}, r=8, p=3)`,
    `- Duration: ${settings.duration} s per scenario (all but sign-in after a ${settings.warmup} s ` +
      `warm-up), command \`node bench/run.mjs --duration ${settings.duration}` +
      `${settings.connections === 50 ? '' : ` --connections ${settings.connections}`}` +
      `${settings.db === 'postgres' ? '' : ` --db ${settings.db}`}` +
      `${settings.hashCost === 15 ? '' : ` --hash-cost ${settings.hashCost}`} --write\``,
    ...(settings.pages
      ? [
          `- User pages: \`GET /api/blade-user/page?current=1&size=10\` in tenant 000000 with ` +
            `${settings.pages.users.toLocaleString('en-US')} seeded users in ${settings.pages.depts} depts ` +
            `(1 root, 10 branches, 10 teams each); the admin's total ` +
            `${settings.pages.adminTotal.toLocaleString('en-US')}, the scoped user's (one branch, data ` +
            `scope 4) ${settings.pages.scopedTotal.toLocaleString('en-US')}`,
          `- Filtered pages: the admin's \`GET /api/blade-user/page?current=1..10&size=10&deptId=<branch>` +
            `&realName=<surname>\`, ${settings.pages.filteredPages} paths each connection goes through in turn ` +
            `(10 branches × pages 1–10, a surname held by 1 % of the users for each branch, ` +
            `${settings.pages.filteredTotals.join('–')} users match each); the bare ` +
            `route \`/bare-page/:i\` runs the ${settings.pages.queries.join('–')} queries the app sent for ` +
            `path i (recorded once, in groups of ${settings.pages.groups.join(', ')} as the app ran them) on the ` +
            `app's own pg pool and answers the app's body`,
        ]
      : []),
    '',
    END_MARKER,
  ].join('\n');
  const current = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '';
  const start = current.indexOf(START_MARKER);
  const end = current.indexOf(END_MARKER);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`${RESULTS_FILE} lacks the ${START_MARKER} … ${END_MARKER} markers`);
  }
  writeFileSync(RESULTS_FILE, current.slice(0, start) + section + current.slice(end + END_MARKER.length));
  console.log(`\nwrote the figures to ${path.relative(process.cwd(), RESULTS_FILE)}`);
}
