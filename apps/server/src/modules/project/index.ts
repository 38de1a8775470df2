import { defineArea, type Services } from '../../area.js';
import { project, projectAuth, projectMachine, projectMember } from '../../db/schema/index.js';
import type { Platform } from '../../platform.js';
import { projectAuthRoutes } from './project.access.routes.js';
import { projectMemberRoutes } from './project.members.routes.js';
import { projectQueryRoutes } from './project.queries.routes.js';
import { projectRoutes } from './project.records.routes.js';
import { ProjectService } from './project.service.js';

declare module '../../area.js' {
  /** the project area's */
  interface Services {
    /**
     * Projects, their members, machines and authorisation. For other areas (the task area): `visibleIds(ctx)`,
     * the projects the caller sees; `get(ctx, id)`, one of them (404 otherwise); `require(ctx, id, field)`, a
     * 400 naming `field` unless the caller sees the project; `aircraftIds(ctx, id)`, its aircraft (bound, and
     * in its docks).
     */
    projects: ProjectService;
  }
}

function buildServices(platform: Platform): Pick<Services, 'projects'> {
  return { projects: new ProjectService(platform.live) };
}

/**
 * Projects (spec §3 Project, §4 project states, §7 project-management, item-manager-config, projectauth;
 * docs/project.md): the project record, its members with their roles, the docks and devices it binds, and who
 * else may see it.
 */
export default defineArea({
  name: 'project',
  needs: ['fleet', 'resource'],
  services: buildServices,
  routes: [projectRoutes, projectQueryRoutes, projectMemberRoutes, projectAuthRoutes],
  tables: [project, projectMember, projectMachine, projectAuth],
  permissions: ['project_home', 'project_members', 'projectauth'],
});
