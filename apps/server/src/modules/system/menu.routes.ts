import {
  CheckedTreeSchema,
  envelope,
  GrantTreeSchema,
  MenuAdminNodeSchema,
  MenuLazyQuery,
  MenuListQuery,
  MenuNodeSchema,
  MenuRoutesQuery,
  MenuSchema,
  MenuSubmit,
  MenuTreeQuery,
  RoleIdsQuery,
  TopMenuSchema,
  TreeSelectNodeSchema,
} from '@aos/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../lib/crud-routes.js';

const tags = ['system: menu'];
const base = '/api/blade-system/menu';

/** The menu list serves the menu screen and the data-scope and API-scope screens alike. */
const menuReader = (request: FastifyRequest) =>
  ['menu', 'data_scope', 'api_scope'].find((code) => request.principal?.permissions.has(code)) ?? 'menu';

export default async function menuRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { menus, roleGrants } = app.services;

  routes.get(
    `${base}/routes`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The user's menu tree, optionally under one top menu",
        querystring: MenuRoutesQuery,
        response: { 200: envelope(z.array(MenuNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await menus.routes(request.ctx, request.query.topMenuId)),
  );

  routes.get(
    `${base}/buttons`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The user's buttons under their menus; leaf codes are the permission set",
        response: { 200: envelope(z.array(MenuNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await menus.buttons(request.ctx)),
  );

  routes.get(
    `${base}/top-menu`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The tenant's header top menus",
        response: { 200: envelope(z.array(TopMenuSchema)) },
      },
    },
    async (request, reply) => reply.ok(await menus.topMenus(request.ctx)),
  );

  const treeResponse = { 200: envelope(z.array(MenuAdminNodeSchema)) };
  routes.get(
    `${base}/list`,
    {
      config: { permission: 'menu' },
      schema: {
        tags,
        summary: 'Every menu and button as a tree (or the matches of the filters)',
        querystring: MenuListQuery,
        response: treeResponse,
      },
    },
    async (request, reply) => reply.ok(await menus.list(request.ctx, request.query)),
  );
  routes.get(
    `${base}/menu-list`,
    {
      config: { permission: menuReader },
      schema: {
        tags,
        summary: 'Every menu (no buttons) as a tree',
        querystring: MenuListQuery,
        response: treeResponse,
      },
    },
    async (request, reply) => reply.ok(await menus.list(request.ctx, request.query, true)),
  );
  routes.get(
    `${base}/lazy-list`,
    {
      config: { permission: 'menu' },
      schema: {
        tags,
        summary: 'The menus and buttons under parentId (0: top level), each with hasChildren',
        querystring: MenuLazyQuery,
        response: treeResponse,
      },
    },
    async (request, reply) => reply.ok(await menus.lazyList(request.ctx, request.query)),
  );
  routes.get(
    `${base}/lazy-menu-list`,
    {
      config: { permission: menuReader },
      schema: {
        tags,
        summary: 'The menus (no buttons) under parentId, each with hasChildren',
        querystring: MenuLazyQuery,
        response: treeResponse,
      },
    },
    async (request, reply) => reply.ok(await menus.lazyList(request.ctx, request.query, true)),
  );
  routes.get(
    `${base}/tree`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Tree select of the menus a tenant may have (the platform tenant may name one)',
        querystring: MenuTreeQuery,
        response: { 200: envelope(z.array(TreeSelectNodeSchema)) },
      },
    },
    async (request, reply) => reply.ok(await menus.menuTree(request.ctx, request.query.tenantId)),
  );

  crudRoutes(app, {
    base,
    tags,
    code: 'menu',
    service: menus,
    schemas: { record: MenuSchema, submit: MenuSubmit, detail: MenuAdminNodeSchema },
    routes: {
      detail: 'One menu or button',
      submit: 'Add (no id) or update (with id) a menu or button; platform tenant only',
      remove: 'Remove menus by comma-separated ids (refused while a menu has children); platform only',
    },
  });

  // The role grant dialog (both consoles): what the caller may grant, and what to tick for the roles.
  routes.get(
    `${base}/grant-tree`,
    {
      config: { permission: 'role_grant' },
      schema: {
        tags,
        summary: 'Menus and buttons, data scopes and API scopes the caller may grant, as three trees',
        response: { 200: envelope(GrantTreeSchema) },
      },
    },
    async (request, reply) => reply.ok(await roleGrants.grantTree(request.ctx)),
  );
  routes.get(
    `${base}/role-tree-keys`,
    {
      config: { permission: 'role_grant' },
      schema: {
        tags,
        summary:
          'The nodes of each grant tree to tick for the roles: menus held with everything below them, scopes',
        querystring: RoleIdsQuery,
        response: { 200: envelope(CheckedTreeSchema) },
      },
    },
    async (request, reply) => reply.ok(await roleGrants.checkedKeys(request.ctx, request.query.roleIds)),
  );
  // The same scope trees and keys one kind at a time.
  const scopeTree = { 200: envelope(z.array(TreeSelectNodeSchema)) };
  const scopeKeys = { 200: envelope(z.array(z.string())) };
  for (const [kind, category] of [
    ['data', 1],
    ['api', 2],
  ] as const) {
    routes.get(
      `${base}/grant-${kind}-scope-tree`,
      {
        config: { permission: 'role_grant' },
        schema: {
          tags,
          summary: `The ${kind} scopes the caller may grant, as leaves (category 3) under their menus`,
          response: scopeTree,
        },
      },
      async (request, reply) => reply.ok(await roleGrants.scopeTree(request.ctx, category)),
    );
    routes.get(
      `${base}/${kind}-scope-tree-keys`,
      {
        config: { permission: 'role_grant' },
        schema: {
          tags,
          summary: `The ${kind} scope ids the roles hold`,
          querystring: RoleIdsQuery,
          response: scopeKeys,
        },
      },
      async (request, reply) =>
        reply.ok(await roleGrants.scopeKeys(request.ctx, category, request.query.roleIds)),
    );
  }
}
