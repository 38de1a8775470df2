import { hostname, networkInterfaces } from 'node:os';
import { PLATFORM_TENANT_ID } from '@aos/contract';
import type { FastifyRequest } from 'fastify';
import { paramsText } from './redact.js';

/** Where a log row comes from: this server, and the call that caused it. */
export interface LogOrigin {
  tenantId: string;
  serviceId: string | null;
  serverHost: string;
  serverIp: string;
  env: string;
  method: string | null;
  requestUri: string | null;
  userAgent: string | null;
  remoteIp: string | null;
  params: string | null;
  createBy: string | null;
}

function firstAddress(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (!address.internal && address.family === 'IPv4') return address.address;
    }
  }
  return '127.0.0.1';
}

const server = { serverHost: hostname().slice(0, 255), serverIp: firstAddress() };
let environment = 'development';

/** The environment name written in every row (config NODE_ENV). */
export function setLogEnvironment(env: string): void {
  environment = env;
}

const cut = (value: string | undefined | null, max: number) => (value ? value.slice(0, max) : null);

/** The call's tenant: the signed-in user's, else the platform's (strangers' calls belong to no tenant). */
function tenantOf(request: FastifyRequest): string {
  return request.principal?.tenantId ?? PLATFORM_TENANT_ID;
}

/** Log fields of a request: the path without its query, the parameters with secrets redacted. */
export function requestOrigin(request: FastifyRequest): LogOrigin {
  const pathname = request.url.split('?')[0] ?? '';
  return {
    tenantId: tenantOf(request),
    serviceId: /^\/api\/([^/?]+)/.exec(pathname)?.[1]?.slice(0, 64) ?? null,
    ...server,
    env: environment,
    method: request.method.slice(0, 10),
    requestUri: cut(pathname, 1000),
    userAgent: cut(request.headers['user-agent'], 1000),
    remoteIp: cut(request.ip, 64),
    params: paramsText(request.query, request.body),
    createBy: cut(request.principal?.account, 64),
  };
}

/** Log fields of work done outside any request (start-up, timers). */
export function serverOrigin(tenantId: string, createBy: string | null = null): LogOrigin {
  return {
    tenantId,
    serviceId: null,
    ...server,
    env: environment,
    method: null,
    requestUri: null,
    userAgent: null,
    remoteIp: null,
    params: null,
    createBy,
  };
}

/** The first frame of a stack that is ours (not node's or a dependency's): file and line. */
export function whereThrown(stack: string | undefined): {
  fileName: string | null;
  lineNumber: number | null;
} {
  const frames = (stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  const located = frames
    .map((line) => /\(?((?:file:\/\/)?[^\s()]+?):(\d+):\d+\)?\s*$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null);
  const own = located.find((match) => !match[1]!.includes('node_modules') && !match[1]!.startsWith('node:'));
  const chosen = own ?? located[0];
  return chosen
    ? { fileName: chosen[1]!.slice(0, 1000), lineNumber: Number(chosen[2]) }
    : { fileName: null, lineNumber: null };
}
