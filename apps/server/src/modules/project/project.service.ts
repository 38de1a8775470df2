import type { Ctx } from '../../lib/context.js';
import type { LiveHub } from '../../live/hub.js';
import { ProjectAccess } from './project.access.js';
import { ProjectMembers } from './project.members.js';
import { ProjectQueries } from './project.queries.js';
import { ProjectRecords } from './project.records.js';

/**
 * Projects of a tenant (spec §3 Project, §4; §7 project-management, item-manager-config, projectauth;
 * docs/project.md), in four parts along their seams: `access`, who sees and manages a project and its
 * authorisations (project.access.ts); `records`, the project records (project.records.ts); `members`, its
 * members and machines (project.members.ts); `queries`, its flying and devices now (project.queries.ts).
 * Other areas use the four methods below.
 */
export class ProjectService {
  readonly access = new ProjectAccess();
  readonly members: ProjectMembers;
  readonly records: ProjectRecords;
  readonly queries: ProjectQueries;

  constructor(live: LiveHub) {
    this.members = new ProjectMembers(this.access, live);
    this.records = new ProjectRecords(this.access, this.members);
    this.queries = new ProjectQueries(this.access, this.members);
  }

  /** The ids of every project the caller sees (the task area's lists and checks). */
  visibleIds(ctx: Ctx): Promise<string[]> {
    return this.access.visibleIds(ctx);
  }

  /** One project as the API shows it; 404 when the caller does not see it. */
  get(ctx: Ctx, id: string) {
    return this.records.get(ctx, id);
  }

  /** A reference to a project in another area's input: a 400 naming `field` unless the caller sees it. */
  require(ctx: Ctx, id: string, field = 'projectId'): Promise<void> {
    return this.access.require(ctx, id, field);
  }

  /** The project's aircraft: those it binds and those in the docks it binds. */
  aircraftIds(ctx: Ctx, projectId: string): Promise<Set<string>> {
    return this.queries.aircraftIds(ctx, projectId);
  }
}
