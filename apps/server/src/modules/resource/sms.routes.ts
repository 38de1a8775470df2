import {
  envelope,
  IdQuery,
  PageQuery,
  pageOf,
  SmsOutboxPageQuery,
  SmsOutboxSchema,
  SmsPageQuery,
  SmsSchema,
  SmsSendMessage,
  SmsSendResult,
  SmsSendValidate,
  SmsSubmit,
  SmsValidateMessage,
  SmsValidateResult,
} from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';

const tags = ['resource: sms'];

/** SMS configurations and sending (spec §7 /api/blade-resource/sms, BladeX sms/endpoint). */
export default async function smsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { sms } = app.services;

  crudRoutes(app, {
    base: '/api/blade-resource/sms',
    tags,
    code: 'sms',
    service: sms,
    schemas: { record: SmsSchema, pageQuery: PageQuery.extend(SmsPageQuery.shape), submit: SmsSubmit },
    routes: {
      page: { list: 'Page of SMS configurations (secrets masked)' },
      detail: 'One configuration',
      submit: {
        summary: 'Add (no id) or update (with id) an SMS configuration',
        description: 'An empty secretKey, or the mask `******`, keeps the saved secret.',
      },
      remove: 'Remove SMS configurations by comma-separated ids',
    },
  });
  routes.post(
    '/api/blade-resource/sms/enable',
    {
      config: { permission: 'sms_enable' },
      schema: {
        tags,
        summary: 'Enable an SMS configuration (the tenant’s others are switched off)',
        querystring: IdQuery,
        response: { 200: envelope(SmsSchema) },
      },
    },
    async (request, reply) => reply.ok(await sms.enable(request.ctx, request.query.id), 'resource.enabled'),
  );
  routes.post(
    '/api/blade-resource/sms/endpoint/send-message',
    {
      config: { permission: 'sms_edit' },
      schema: {
        tags,
        summary:
          'Send a text to comma-separated phones through a configuration (`code`, default the enabled one)',
        querystring: SmsSendMessage,
        response: { 200: envelope(SmsSendResult) },
      },
    },
    async (request, reply) => reply.ok(await sms.sendMessage(request.ctx, request.query), 'resource.smsSent'),
  );
  routes.post(
    '/api/blade-resource/sms/endpoint/send-validate',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary:
          'Send a 6-digit verification code (5 minutes, single use; one a minute and ten an hour per phone)',
        querystring: SmsSendValidate,
        response: { 200: envelope(SmsValidateResult) },
      },
    },
    async (request, reply) => {
      // per address too (issue 14), whatever the phones: limits of the auth area's guard
      await app.services.guard.limitRate('sms', request.ip);
      return reply.ok(await sms.sendValidate(request.ctx, request.query.phone), 'resource.smsCodeSent');
    },
  );
  routes.post(
    '/api/blade-resource/sms/endpoint/validate-message',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Check a verification code (`value`) for a phone; a code is good once',
        querystring: SmsValidateMessage,
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (request, reply) =>
      reply.ok(await sms.validate(request.ctx, request.query), 'resource.smsCodeValid'),
  );
  routes.get(
    '/api/blade-resource/sms/outbox/list',
    {
      config: { permission: 'sms' },
      schema: {
        tags,
        summary: 'Page of texts the built-in provider "sent" (platform tenant only)',
        querystring: PageQuery.extend(SmsOutboxPageQuery.shape),
        response: { 200: envelope(pageOf(SmsOutboxSchema)) },
      },
    },
    async (request, reply) => reply.ok(await sms.outbox(request.ctx, request.query)),
  );
}
