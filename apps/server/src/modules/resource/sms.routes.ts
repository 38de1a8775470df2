import {
  envelope,
  IdQuery,
  IdsQuery,
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

const tags = ['resource: sms'];

/** SMS configurations and sending (spec §7 /api/blade-resource/sms, BladeX sms/endpoint). */
export default async function smsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { sms } = app.services;

  routes.get(
    '/api/blade-resource/sms/list',
    {
      config: { permission: 'sms' },
      schema: {
        tags,
        summary: 'Page of SMS configurations (secrets masked)',
        querystring: PageQuery.extend(SmsPageQuery.shape),
        response: { 200: envelope(pageOf(SmsSchema)) },
      },
    },
    async (request, reply) => reply.ok(await sms.page(request.ctx, request.query)),
  );
  routes.get(
    '/api/blade-resource/sms/detail',
    {
      config: { permission: 'sms' },
      schema: {
        tags,
        summary: 'One configuration',
        querystring: IdQuery,
        response: { 200: envelope(SmsSchema) },
      },
    },
    async (request, reply) => reply.ok(await sms.detail(request.ctx, request.query.id)),
  );
  routes.post(
    '/api/blade-resource/sms/submit',
    {
      config: { permission: (request) => ((request.body as SmsSubmit).id ? 'sms_edit' : 'sms_add') },
      schema: {
        tags,
        summary: 'Add (no id) or update (with id) an SMS configuration',
        description: 'An empty secretKey, or the mask `******`, keeps the saved secret.',
        body: SmsSubmit,
        response: { 200: envelope(SmsSchema) },
      },
    },
    async (request, reply) =>
      reply.ok(
        await sms.submit(request.ctx, request.body),
        request.body.id ? 'common.updated' : 'common.added',
      ),
  );
  routes.post(
    '/api/blade-resource/sms/remove',
    {
      config: { permission: 'sms_delete' },
      schema: {
        tags,
        summary: 'Remove SMS configurations by comma-separated ids',
        querystring: IdsQuery,
        response: { 200: envelope(z.number()) },
      },
    },
    async (request, reply) => reply.ok(await sms.remove(request.ctx, request.query.ids), 'common.deleted'),
  );
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
    async (request, reply) =>
      reply.ok(await sms.sendValidate(request.ctx, request.query.phone), 'resource.smsCodeSent'),
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
