import { parseArgs } from 'node:util';

/** The command line's options (`npm run sim -- --help`). */
export interface CliOptions {
  url: string;
  api: string;
  tenant: string;
  user: string;
  password: string;
  token?: string;
  docks: number;
  prefix: string;
  fleet?: string;
  latitude: number;
  longitude: number;
  spacing: number;
  timeScale: number;
  osdInterval: number;
  droneOff: boolean;
  offlineAfter?: number;
  offlineFor: number;
  refuse: boolean;
  silent: boolean;
  flood: boolean;
  rain: boolean;
  /** high_wind: the wind every dock measures, m/s */
  wind?: number;
  /** refuse_prepare: the code flighttask_prepare is answered with */
  refusePrepare?: number;
  /** fail_midroute: the waypoint index and code a wayline fails at */
  failAt?: { waypoint: number; code: number };
  /** link_lost: the waypoint index the link drops at, and for how many seconds */
  linkLostAt?: { waypoint: number; seconds: number };
  /** low_battery: the aircraft's battery at the start, percent */
  battery?: number;
  video: boolean;
  statusEvery: number;
  help: boolean;
}

export const USAGE = `Dock and drone simulator (design/PROTOCOLS.md §2)

usage: npm run sim -- [options]

connection
  --url URL             MQTT broker (default mqtt://127.0.0.1:1884, the embedded one)
  --api URL             platform HTTP API for credentials (default http://localhost:8080)
  --tenant ID           tenant to register the docks in (default 000000)
  --user NAME           account (default admin)
  --password TEXT       its password (default the demo's, Admin@123)
  --token TOKEN         an access token instead of signing in (when the server asks for a captcha)
  --fleet FILE          read the docks and credentials from FILE instead of the API: a JSON array of
                        {dock:{sn,username,password}, drone?:{...}, longitude, latitude}

fleet
  --docks N             docks to simulate, each with its drone (default 1)
  --prefix TEXT         serial numbers TEXT-DOCK-i and TEXT-UAV-i (default SIM); existing ones are reused
                        and their credentials reset
  --lat DEG --lon DEG   centre of the fleet (default 22.54, 113.95)
  --spacing M           distance between docks (default 2000)
  --time-scale X        multiply every duration (default 1; 0.1 runs ten times faster)
  --osd-interval MS     dock OSD period (default 2000; drones 2x, 4x in flight)
  --drone-off           start with the drones powered off

faults
  --offline-after S     go offline S seconds after the start ...
  --offline-for S       ... for S seconds (default 30)
  --refuse              answer every command with a non-zero result
  --silent              answer no command (the platform's reply timeout)
  --flood               report the docks flooded
  --rain                report heavy rain
  --wind MS             report this wind speed (above the aircraft's limit: flight tasks refused)
  --refuse-prepare CODE answer flighttask_prepare with CODE (e.g. 314000)
  --fail-at N:CODE      a wayline fails at waypoint N with CODE (e.g. 2:321513); the aircraft comes home
  --link-lost-at N:S    the link drops at waypoint N for S seconds; the flight goes on
  --battery X           the aircraft starts with X % battery (low: a wayline ends partly done)

other
  --video               serve HLS test patterns of the dock cameras (needs ffmpeg on PATH)
  --status-every S      print a status line every S seconds (default 10, 0: never)
  --help                this text
`;

export function parseCli(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      url: { type: 'string', default: 'mqtt://127.0.0.1:1884' },
      api: { type: 'string', default: 'http://localhost:8080' },
      tenant: { type: 'string', default: '000000' },
      user: { type: 'string', default: 'admin' },
      password: { type: 'string', default: 'Admin@123' },
      token: { type: 'string' },
      docks: { type: 'string', default: '1' },
      prefix: { type: 'string', default: 'SIM' },
      fleet: { type: 'string' },
      lat: { type: 'string', default: '22.54' },
      lon: { type: 'string', default: '113.95' },
      spacing: { type: 'string', default: '2000' },
      'time-scale': { type: 'string', default: '1' },
      'osd-interval': { type: 'string', default: '2000' },
      'drone-off': { type: 'boolean', default: false },
      'offline-after': { type: 'string' },
      'offline-for': { type: 'string', default: '30' },
      refuse: { type: 'boolean', default: false },
      silent: { type: 'boolean', default: false },
      flood: { type: 'boolean', default: false },
      rain: { type: 'boolean', default: false },
      wind: { type: 'string' },
      'refuse-prepare': { type: 'string' },
      'fail-at': { type: 'string' },
      'link-lost-at': { type: 'string' },
      battery: { type: 'string' },
      video: { type: 'boolean', default: false },
      'status-every': { type: 'string', default: '10' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const number = (name: string, text: string, min: number, max: number): number => {
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || value > max)
      throw new RangeError(`--${name}: expected a number from ${min} to ${max}, got ${text}`);
    return value;
  };
  /** `N:X`: a waypoint index and a number */
  const pair = (name: string, text: string, max: number): [number, number] => {
    const [waypoint = '', value = ''] = text.split(':');
    if (!/^\d+$/.test(waypoint) || value === '') throw new RangeError(`--${name}: expected N:X, got ${text}`);
    return [number(name, waypoint, 0, 65_535), number(name, value, 0, max)];
  };
  const failAt = values['fail-at'] === undefined ? undefined : pair('fail-at', values['fail-at'], 999_999);
  const linkLostAt =
    values['link-lost-at'] === undefined ? undefined : pair('link-lost-at', values['link-lost-at'], 86_400);
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(values.prefix))
    throw new RangeError('--prefix: letters, digits, - and _ only');
  return {
    url: values.url,
    api: values.api.replace(/\/+$/, ''),
    tenant: values.tenant,
    user: values.user,
    password: values.password,
    token: values.token,
    docks: Math.floor(number('docks', values.docks, 1, 5000)),
    prefix: values.prefix,
    fleet: values.fleet,
    latitude: number('lat', values.lat, -90, 90),
    longitude: number('lon', values.lon, -180, 180),
    spacing: number('spacing', values.spacing, 10, 100_000),
    timeScale: number('time-scale', values['time-scale'], 0.001, 100),
    osdInterval: number('osd-interval', values['osd-interval'], 50, 60_000),
    droneOff: values['drone-off'],
    offlineAfter:
      values['offline-after'] === undefined
        ? undefined
        : number('offline-after', values['offline-after'], 0, 86_400),
    offlineFor: number('offline-for', values['offline-for'], 0, 86_400),
    refuse: values.refuse,
    silent: values.silent,
    flood: values.flood,
    rain: values.rain,
    ...(values.wind === undefined ? {} : { wind: number('wind', values.wind, 0, 50) }),
    ...(values['refuse-prepare'] === undefined
      ? {}
      : { refusePrepare: Math.floor(number('refuse-prepare', values['refuse-prepare'], 1, 999_999)) }),
    ...(failAt ? { failAt: { waypoint: failAt[0], code: Math.floor(failAt[1]) } } : {}),
    ...(linkLostAt ? { linkLostAt: { waypoint: linkLostAt[0], seconds: linkLostAt[1] } } : {}),
    ...(values.battery === undefined ? {} : { battery: number('battery', values.battery, 0, 100) }),
    video: values.video,
    statusEvery: number('status-every', values['status-every'], 0, 86_400),
    help: values.help,
  };
}
