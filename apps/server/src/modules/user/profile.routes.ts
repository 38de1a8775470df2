import { envelope, PasswordChange, Profile, ProfileUpdate } from '@aos/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['user: personal center'];

/** The signed-in user's own profile and password (spec §7 /api/blade-user: info, update-info, update-password). */
export default async function profileRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { profiles } = app.services;

  routes.get(
    '/api/blade-user/info',
    {
      config: { permission: 'authenticated' },
      schema: { tags, summary: "The caller's profile", response: { 200: envelope(Profile) } },
    },
    async (request, reply) => reply.ok(await profiles.info(request.ctx)),
  );

  routes.post(
    '/api/blade-user/update-info',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "Update the caller's profile (avatar from put-file, name, real name, phone, email...)",
        body: ProfileUpdate,
        response: { 200: envelope(Profile) },
      },
    },
    async (request, reply) => reply.ok(await profiles.update(request.ctx, request.body), 'common.updated'),
  );

  routes.post(
    '/api/blade-user/update-password',
    {
      config: { permission: 'authenticated', duringPasswordChange: true },
      schema: {
        tags,
        summary: "Change the caller's password (md5 hex parameters); every session of the user ends",
        querystring: PasswordChange,
        response: { 200: envelope(z.boolean()) },
      },
    },
    async (request, reply) =>
      reply.ok(await profiles.changePassword(request.ctx, request.query, request.ip), 'user.passwordChanged'),
  );
}
