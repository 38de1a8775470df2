import type { Language, MessageKey } from '@aos/contract';
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Cache } from '../lib/cache.js';
import type { Ctx, Principal } from '../lib/context.js';
import type { Wire } from '../lib/wire.js';
import type { Services } from '../area.js';
import type { Platform } from '../platform.js';

/**
 * What a route needs: 'public' (no token), 'authenticated' (any signed-in user), a permission code (a menu or
 * button code granted through the roles), or a function of the validated request that names the code
 * (submit = add without id, edit with id).
 */
export type Permission = 'public' | 'authenticated' | (string & {}) | ((request: FastifyRequest) => string);

/**
 * A permission satisfied by any of `codes`: for a call that several screens offer (MENUS.md), each granting
 * it under its own menu or button code. Names the first code the caller has, else the first (refused).
 */
export function anyOf(...codes: [string, ...string[]]): Permission {
  return (request: FastifyRequest) =>
    codes.find((code) => request.principal?.permissions.has(code)) ?? codes[0];
}

export interface Envelope<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    /** still open to a user who must change the init password first (user-info, update-password, logout) */
    duringPasswordChange?: boolean;
  }
  interface FastifyRequest {
    language: Language;
    principal: Principal | null;
    ctx: Ctx;
  }
  interface FastifyReply {
    ok<T>(data: T, message?: MessageKey): Envelope<Wire<T>>;
    /** the console's index.html (single-page app routes), or a plain 404 when the console is not built */
    consolePage(): Promise<FastifyReply>;
  }
  interface FastifyInstance {
    config: Config;
    database: Database;
    cache: Cache;
    /** what every area builds on: events, the device link, live push (platform.ts) */
    platform: Platform;
    /** every area's services (area.ts) */
    services: Services;
    /** every route as it was added, with the permission it declares (plugins/auth.ts): what the sweeps read */
    routeTable: RouteEntry[];
  }
}

/** One route of the table the auth plugin keeps. */
export interface RouteEntry {
  method: string;
  url: string;
  /** the declared permission: 'public', 'authenticated', a button code, or 'by input' (decided after parsing) */
  permission: string;
  /** the route's declared schema (zod: params, querystring, body), for the sweeps to read field names */
  schema?: FastifySchema;
}
