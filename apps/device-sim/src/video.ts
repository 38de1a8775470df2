import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The absolute path of `ffmpeg` on PATH, or null when it is not installed. */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): string | null {
  const names = process.platform === 'win32' ? ['ffmpeg.exe'] : ['ffmpeg'];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const candidate = path.join(dir, name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return null;
}

/** A dock camera's test-pattern stream: its HLS address, or absent with the reason. */
export type StreamInfo =
  { name: string; available: true; url: string } | { name: string; available: false; reason: string };

export interface VideoOptions {
  /** the cameras to serve, e.g. ['DOCK-1-inside', 'DOCK-1-outside'] */
  streams: string[];
  host?: string;
  /** 0: any free port */
  port?: number;
  /** the ffmpeg binary; by default the one on PATH */
  ffmpeg?: string | null;
  /**
   * Served by its owner rather than on a port of its own: no HTTP server is started, the streams' addresses
   * are `{baseUrl}/{name}/index.m3u8` and the owner answers them with `read()` (the platform's demo does).
   */
  baseUrl?: string;
}

/** A file of a stream folder, as `read()` answers it. */
export interface StreamFile {
  contentType: string;
  body: Buffer;
}

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
};

/**
 * HLS test patterns for a dock's cameras: one ffmpeg per stream (lavfi `testsrc` with a clock overlay,
 * 2-second segments in a temporary folder) served over node:http at `/{name}/index.m3u8`. Without ffmpeg
 * nothing is spawned and every stream is reported absent, so the console shows "no signal".
 */
export class VideoServer {
  private server: Server | null = null;
  private dir: string | null = null;
  private readonly processes: ChildProcess[] = [];
  streams: StreamInfo[] = [];

  constructor(private readonly options: VideoOptions) {}

  /** The temporary folder of the segments while serving; null before start and after stop. */
  get directory(): string | null {
    return this.dir;
  }

  async start(): Promise<StreamInfo[]> {
    const ffmpeg = this.options.ffmpeg === undefined ? findFfmpeg() : this.options.ffmpeg;
    if (!ffmpeg) {
      this.streams = this.options.streams.map((name) => ({
        name,
        available: false,
        reason: 'ffmpeg is not installed',
      }));
      return this.streams;
    }
    const dir = await mkdtemp(path.join(tmpdir(), 'aos-sim-video-'));
    this.dir = dir;
    const base = this.options.baseUrl?.replace(/\/+$/, '') ?? (await this.listen());
    this.streams = [];
    for (const name of this.options.streams) {
      const folder = path.join(dir, name);
      await mkdir(folder, { recursive: true });
      const child = spawn(
        ffmpeg,
        [
          '-loglevel',
          'error',
          '-re',
          '-f',
          'lavfi',
          '-i',
          'testsrc=size=640x360:rate=25',
          '-vf',
          `drawtext=text='${name.replace(/[^\w-]/g, '')} %{localtime}':x=10:y=h-th-10:fontsize=20:fontcolor=white:box=1:boxcolor=black@0.5`,
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-tune',
          'zerolatency',
          '-g',
          '50',
          '-f',
          'hls',
          '-hls_time',
          '2',
          '-hls_list_size',
          '5',
          '-hls_flags',
          'delete_segments',
          path.join(folder, 'index.m3u8'),
        ],
        { stdio: 'ignore' },
      );
      child.on('error', () => undefined);
      this.processes.push(child);
      this.streams.push({
        name,
        available: true,
        url: `${base}/${encodeURIComponent(name)}/index.m3u8`,
      });
    }
    return this.streams;
  }

  /** Its own HTTP server on `host:port`; answers the base address of the streams. */
  private async listen(): Promise<string> {
    const server = createServer((request, response) => void this.serve(request.url ?? '/', response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => resolve());
    });
    this.server = server;
    const { port } = server.address() as AddressInfo;
    const host = this.options.host && this.options.host !== '0.0.0.0' ? this.options.host : '127.0.0.1';
    return `http://${host}:${port}`;
  }

  /**
   * Ends every ffmpeg and waits for it to exit (SIGKILL after 3 s) before removing the folder: an ffmpeg
   * still closing writes its last segment while the folder is being removed (ENOTEMPTY).
   */
  async stop(): Promise<void> {
    await Promise.all(this.processes.splice(0).map((child) => endProcess(child)));
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    if (this.dir) await rm(this.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    this.dir = null;
  }

  /**
   * A file of a stream folder: `{name}/{file}.m3u8|.ts`, nothing above the folder; null when there is no
   * such file (or the server is stopped).
   */
  async read(name: string, file: string): Promise<StreamFile | null> {
    const dir = this.dir;
    const contentType = CONTENT_TYPES[path.extname(file)];
    const valid = dir && contentType && [name, file].every((part) => /^[\w.-]+$/.test(part) && part !== '..');
    if (!valid) return null;
    try {
      return { contentType, body: await readFile(path.join(dir, name, file)) };
    } catch {
      return null;
    }
  }

  private async serve(url: string, response: ServerResponse): Promise<void> {
    const parts = decodeURIComponent(new URL(url, 'http://x').pathname).split('/').filter(Boolean);
    const found = parts.length === 2 ? await this.read(parts[0]!, parts[1]!) : null;
    if (!found) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': found.contentType,
      'access-control-allow-origin': '*',
      'cache-control': 'no-cache',
    });
    response.end(found.body);
  }
}

/** SIGTERM, then SIGKILL if the process has not exited within `graceMs`; resolves once it has exited. */
function endProcess(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (!child.kill('SIGTERM')) {
      clearTimeout(timer);
      resolve();
    }
  });
}
