import {
  envelope,
  IdQuery,
  ImportReportQuery,
  LoginLogQuery,
  LoginLogSchema,
  NoFlyAuthorityQuery,
  pageOf,
  STATUS_FROZEN,
  USER_IMPORT_MAX_BYTES,
  UserExportQuery,
  UserGrantQuery,
  UserIdsQuery,
  UserImportQuery,
  UserImportResult,
  UserOption,
  UserOptionQuery,
  UserPageQuery,
  UserPlatform,
  UserPlatformQuery,
  UserSchema,
  UserStatusQuery,
  UserSubmit,
  UserUpdate,
} from '@aos/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';
import { readUpload } from '../../lib/upload.js';
import type { SpreadsheetFile } from './user-import.js';

const tags = ['user: management'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A spreadsheet download: the localized name for browsers that read `filename*`, an ASCII one otherwise. */
function sendSpreadsheet(reply: FastifyReply, { file, name }: SpreadsheetFile, fallback: string) {
  return reply
    .type(XLSX_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'no-store')
    .send(file);
}

/** User management (spec §7 /api/blade-user, `/api/cloud-user/status`) and the login log. */
export default async function userRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { users } = app.services;

  const pageSummary = 'Page of users; deptId takes that dept and every dept below it';
  crudRoutes(app, {
    base: '/api/blade-user',
    tags,
    code: 'user',
    service: users,
    schemas: { record: UserSchema, pageQuery: UserPageQuery, submit: UserSubmit },
    routes: {
      page: { page: pageSummary, list: pageSummary },
      detail: 'One user',
      submit: 'Add (no id; password required, md5 hex) or update (with id; password ignored) a user',
      remove: 'Remove users (never yourself, never the last administrator); their sessions end',
    },
  });

  for (const path of ['/api/blade-user/user-list', '/api/blade-user/projectUserList']) {
    routes.get(
      path,
      {
        config: { permission: 'authenticated' },
        schema: {
          tags,
          summary: 'Every user of the tenant, small (pickers: project members, task assignment)',
          querystring: UserOptionQuery,
          response: { 200: envelope(z.array(UserOption)) },
        },
      },
      async (request, reply) => reply.ok(await users.options(request.ctx, request.query)),
    );
  }

  routes.get(
    '/api/blade-user/platform-detail',
    {
      config: { permission: 'user' },
      schema: {
        tags,
        summary: "A user's platform (userType) and platform settings (userExt)",
        querystring: IdQuery,
        response: { 200: envelope(UserPlatform) },
      },
    },
    async (request, reply) => reply.ok(await users.platformDetail(request.ctx, request.query.id)),
  );

  routes.post(
    '/api/blade-user/update',
    {
      config: { permission: 'user_edit' },
      schema: {
        tags,
        summary: 'Update a user (never the password)',
        body: UserUpdate,
        response: { 200: envelope(UserSchema) },
      },
    },
    async (request, reply) => reply.ok(await users.update(request.ctx, request.body), 'common.updated'),
  );

  routes.post(
    '/api/blade-user/grant',
    {
      config: { permission: 'user_role' },
      schema: {
        tags,
        summary: "Replace the users' roles; a user whose roles change signs in again",
        querystring: UserGrantQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await users.grant(request.ctx, request.query.userIds, request.query.roleIds), 'user.granted'),
  );

  routes.post(
    '/api/blade-user/reset-password',
    {
      config: { permission: 'user_reset' },
      schema: {
        tags,
        summary: 'Reset passwords to the account.initPassword parameter (default 123456); sessions end',
        querystring: UserIdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(await users.resetPassword(request.ctx, request.query.userIds), 'user.passwordReset'),
  );

  routes.post(
    '/api/blade-user/update-platform',
    {
      config: { permission: 'user_platform' },
      schema: {
        tags,
        summary: "Set a user's platform (1 web, 2 app, 3 other) and platform settings (a JSON object)",
        querystring: UserPlatformQuery,
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (request, reply) =>
      reply.ok(await users.updatePlatform(request.ctx, request.query), 'user.platformUpdated'),
  );

  routes.put(
    '/api/cloud-user/status',
    {
      config: { permission: 'user_freeze' },
      schema: {
        tags,
        summary:
          'Freeze (status=2: sign-in and every call refused, sessions end) or unfreeze (status=1) users',
        querystring: UserStatusQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await users.setStatus(request.ctx, request.query.ids, request.query.status),
        request.query.status === STATUS_FROZEN ? 'user.frozen' : 'user.unfrozen',
      ),
  );

  routes.post(
    '/api/blade-user/modNoFlyAuthority',
    {
      config: { permission: 'user_edit' },
      schema: {
        tags,
        summary: 'Allow (1) or forbid (0) users to fly in no-fly zones',
        querystring: NoFlyAuthorityQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await users.setNoFlyAuthority(request.ctx, request.query.userIds, request.query.noFlyAuthority),
        'user.noFlyUpdated',
      ),
  );

  routes.get(
    '/api/blade-user/loginLogList',
    {
      config: { permission: 'user' },
      schema: {
        tags,
        summary: "Page of the tenant's sign-ins: time, account, address, browser, result",
        querystring: LoginLogQuery,
        response: { 200: envelope(pageOf(LoginLogSchema)) },
      },
    },
    async (request, reply) => reply.ok(await users.logs.page(request.ctx, request.query)),
  );

  routes.put(
    '/api/blade-user/cancellation',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Cancel your own account: it is deactivated and every session of it ends',
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (request, reply) => reply.ok(await users.cancel(request.ctx), 'user.cancelled'),
  );

  routes.get(
    '/api/blade-user/export-template',
    {
      config: { permission: 'user_import' },
      schema: { tags, summary: 'The import template (xlsx): header row and one example row' },
    },
    async (request, reply) =>
      sendSpreadsheet(reply, await users.transfer.template(request.ctx), 'user-import-template.xlsx'),
  );

  routes.post(
    '/api/blade-user/import-user',
    {
      config: { permission: 'user_import' },
      schema: {
        tags,
        summary: `Import users from an xls or xlsx file (multipart field \`file\`, up to ${USER_IMPORT_MAX_BYTES / 1024 / 1024} MB)`,
        description:
          'Each row is saved whole or refused; refused rows come back with row number, field and message, ' +
          'and as a report (`import-report?key=`). New users get the account.initPassword password. ' +
          '`isCovered=1` updates users whose account exists.',
        consumes: ['multipart/form-data'],
        querystring: UserImportQuery,
        response: { 200: envelope(UserImportResult) },
      },
    },
    async (request, reply) => {
      const result = await users.transfer.importFile(
        request.ctx,
        await readUpload(request, USER_IMPORT_MAX_BYTES),
        request.query.isCovered === 1,
      );
      return reply.ok(result, 'user.imported');
    },
  );

  routes.get(
    '/api/blade-user/import-report',
    {
      config: { permission: 'user_import' },
      schema: {
        tags,
        summary: "An import's error report (xlsx), for 30 minutes",
        querystring: ImportReportQuery,
      },
    },
    async (request, reply) =>
      sendSpreadsheet(
        reply,
        await users.transfer.report(request.ctx, request.query.key),
        'user-import-errors.xlsx',
      ),
  );

  routes.get(
    '/api/blade-user/export-user',
    {
      config: { permission: 'user_export' },
      schema: {
        tags,
        summary: "Export the users the page's filters select (xlsx; names and labels as shown)",
        querystring: UserExportQuery,
      },
    },
    async (request, reply) =>
      sendSpreadsheet(reply, await users.transfer.exportFile(request.ctx, request.query), 'users.xlsx'),
  );
}
