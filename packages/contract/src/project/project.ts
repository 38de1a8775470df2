import { z } from 'zod';
import {
  AuditFields,
  DateTime,
  Id,
  IdList,
  keyFilter,
  num,
  optionalText,
  PageQuery,
  splitIds,
  text,
} from '../common/schemas.js';

/**
 * Projects (spec §3 Project, §4 project states; §7 `/api/cloud-task/project-management`,
 * `/api/item-manager-config`, `/api/cloud-task/projectauth`; docs/project.md).
 */

/** A project's state, derived from the time (spec §4): 0 not started (before its start), 1 in progress. */
export const PROJECT_STATES = { notStarted: 0, inProgress: 1 } as const;

/** The state of a project at `now` (its times as `yyyy-MM-dd HH:mm:ss` or dates). */
export function projectState(start: Date, now: Date = new Date()): 0 | 1 {
  return now.getTime() < start.getTime() ? PROJECT_STATES.notStarted : PROJECT_STATES.inProgress;
}

/** A member's role in a project: 1 project administrator (manages members and machines), 2 pilot, 3 member. */
export const PROJECT_ROLES = { admin: 1, pilot: 2, member: 3 } as const;
export const PROJECT_ROLE_KEYS = [1, 2, 3] as const;

/** The machines a project binds: a dock, or a device of the registry by its kind. */
export const PROJECT_MACHINE_KINDS = ['dock', 'aircraft', 'payload', 'dataLink'] as const;
export type ProjectMachineKind = (typeof PROJECT_MACHINE_KINDS)[number];
/** `device_type` dictionary key of each device kind (a dock is the dock registry's). */
export const PROJECT_DEVICE_TYPE: Record<Exclude<ProjectMachineKind, 'dock'>, number> = {
  aircraft: 1,
  payload: 2,
  dataLink: 3,
};

/**
 * Two projects share a centre area when their centre points lie within this distance (metres): `checkSameArea`
 * names the projects whose centre is that close to a point.
 */
export const PROJECT_CENTER_AREA_M = 500;

const longitude = z
  .number({ message: 'project.longitude' })
  .min(-180, { message: 'project.longitude' })
  .max(180, { message: 'project.longitude' });
const latitude = z
  .number({ message: 'project.latitude' })
  .min(-90, { message: 'project.latitude' })
  .max(90, { message: 'project.latitude' });
/** a form's field: blank is refused with the field's own message */
const Longitude = num(longitude, { ownMessage: true });
const Latitude = num(latitude, { ownMessage: true });
const DictKey = (message: 'project.type' | 'project.industryType') =>
  num(z.number({ message }).int({ message }).min(0, { message }).max(32767, { message }), {
    ownMessage: true,
  });
/** Comma-separated ids (or an array of them) as a list of valid ids; empty is none. */
const IdsField = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? splitIds(value.join(',')) : splitIds(value)))
  .pipe(z.array(Id));

export const ProjectMemberSchema = z.object({
  /** the link's id */
  id: Id,
  projectId: Id,
  userId: Id,
  /** PROJECT_ROLES */
  role: z.number().int(),
  userName: z.string().nullable(),
  account: z.string().nullable(),
  phone: z.string().nullable(),
  createTime: DateTime,
});
export type ProjectMember = z.infer<typeof ProjectMemberSchema>;

export const ProjectMachineSchema = z.object({
  /** the link's id */
  id: Id,
  projectId: Id,
  kind: z.enum(PROJECT_MACHINE_KINDS),
  /** the dock's id (kind dock) or the device's */
  machineId: Id,
  name: z.string().nullable(),
  serialNumber: z.string().nullable(),
  modelId: z.string().nullable(),
  manufacturerId: Id.nullable(),
  /** online now (device-link presence) */
  online: z.boolean(),
  createTime: DateTime,
});
export type ProjectMachine = z.infer<typeof ProjectMachineSchema>;

/** A project as the API shows it. */
export const ProjectSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  name: z.string(),
  /** `project_type` dictionary key */
  type: z.number().int(),
  /** `industry_type` dictionary key */
  industryType: z.number().int(),
  /** the team (a dept of the tenant) */
  deptId: Id.nullable(),
  leaderId: Id.nullable(),
  startTime: DateTime,
  endTime: DateTime,
  /** the inspection report template (report templates come with the inspection area) */
  reportTemplateId: Id.nullable(),
  centerLongitude: z.number().nullable(),
  centerLatitude: z.number().nullable(),
  /** the intelligent screen's title for this project (screenTitleSet) */
  screenTitle: z.string().nullable(),
  /** the project's files: attachment ids (blade-resource attach) */
  attachIds: z.string(),
  remark: z.string().nullable(),
  /** PROJECT_STATES, from the time */
  state: z.number().int(),
  typeName: z.string().nullable(),
  industryTypeName: z.string().nullable(),
  stateName: z.string(),
  deptName: z.string().nullable(),
  leaderName: z.string().nullable(),
  memberIds: z.array(Id),
  memberNames: z.array(z.string()),
  aircraftIds: z.array(Id),
  payloadIds: z.array(Id),
  dataLinkIds: z.array(Id),
  dockIds: z.array(Id),
});
export type Project = z.infer<typeof ProjectSchema>;

/** Detail: the record with its members and machines. */
export const ProjectDetailSchema = ProjectSchema.extend({
  members: z.array(ProjectMemberSchema),
  machines: z.array(ProjectMachineSchema),
});
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;

/**
 * Add (no id) or change (id) a project. `memberIds` are users of the tenant (new ones join as members, the
 * roles of those already in stay; users left out leave); the machine id lists are the tenant's devices of that
 * kind and docks, bound as given. Lists are comma-separated ids or arrays.
 */
export const ProjectSubmit = z
  .object({
    id: Id.optional(),
    name: text(100),
    type: DictKey('project.type'),
    industryType: DictKey('project.industryType'),
    deptId: Id.optional().nullable(),
    leaderId: Id.optional().nullable(),
    startTime: DateTime,
    endTime: DateTime,
    reportTemplateId: Id.optional().nullable(),
    centerLongitude: Longitude.optional().nullable(),
    centerLatitude: Latitude.optional().nullable(),
    screenTitle: optionalText(100),
    attachIds: IdsField.optional(),
    remark: optionalText(500),
    memberIds: IdsField.optional(),
    aircraftIds: IdsField.optional(),
    payloadIds: IdsField.optional(),
    dataLinkIds: IdsField.optional(),
    dockIds: IdsField.optional(),
  })
  .superRefine((value, context) => {
    if (value.endTime < value.startTime) {
      context.addIssue({ code: 'custom', path: ['endTime'], message: 'project.timeRange' });
    }
    const lon = value.centerLongitude ?? null;
    const lat = value.centerLatitude ?? null;
    if ((lon === null) !== (lat === null)) {
      context.addIssue({
        code: 'custom',
        path: [lon === null ? 'centerLongitude' : 'centerLatitude'],
        message: 'project.centerBoth',
      });
    }
  });
export type ProjectSubmit = z.input<typeof ProjectSubmit>;

export const ProjectPageQuery = z.object({
  name: z.string().trim().max(100).optional(),
  type: keyFilter(),
  industryType: keyFilter(),
  /** PROJECT_STATES */
  state: num(z.number().int().min(0, { message: 'project.state' }).max(1, { message: 'project.state' }), {
    ownMessage: false,
  }).optional(),
  deptId: Id.optional(),
});
export type ProjectPageQuery = z.infer<typeof ProjectPageQuery>;

/** A small project of the pickers (select-list, inspetionProjects). */
export const ProjectOptionSchema = z.object({ id: Id, name: z.string(), state: z.number().int() });
export type ProjectOption = z.infer<typeof ProjectOptionSchema>;

export const ProjectIdQuery = z.object({ projectId: Id });

/** A dock of a project (getHangarList). */
export const ProjectDockSchema = z.object({
  id: Id,
  name: z.string(),
  serialNumber: z.string(),
  modelId: z.string(),
  manufacturerId: Id.nullable(),
  online: z.boolean(),
});
export type ProjectDock = z.infer<typeof ProjectDockSchema>;

export const ProjectManufacturerQuery = ProjectIdQuery.extend({ manufacturerId: Id });

export const ProjectMachinePageQuery = PageQuery.extend({
  projectId: Id,
  kind: z.enum(PROJECT_MACHINE_KINDS, { message: 'project.machineKind' }).optional(),
});

export const ProjectMemberPageQuery = PageQuery.extend({
  projectId: Id,
  name: z.string().trim().max(100).optional(),
  role: keyFilter(),
});

/** getUseEquipmentList: the tenant's machines a project may bind, each saying whether `projectId` binds it. */
export const UseEquipmentBody = z.object({
  projectId: Id.optional(),
  kind: z.enum(PROJECT_MACHINE_KINDS, { message: 'project.machineKind' }).optional(),
});
export const UseEquipmentSchema = z.object({
  kind: z.enum(PROJECT_MACHINE_KINDS),
  id: Id,
  name: z.string(),
  serialNumber: z.string(),
  modelId: z.string().nullable(),
  bound: z.boolean(),
});
export type UseEquipment = z.infer<typeof UseEquipmentSchema>;

/** checkSameArea: a point (and the project being edited, left out). */
export const SameAreaQuery = z.object({
  // a query's parameter left empty is missing ("required"), as on every route
  longitude: num(longitude),
  latitude: num(latitude),
  id: Id.optional(),
});
export const SameAreaSchema = z.object({
  /** true when another project's centre lies within PROJECT_CENTER_AREA_M */
  same: z.boolean(),
  radiusM: z.number(),
  projects: z.array(z.object({ id: Id, name: z.string(), distanceM: z.number() })),
});
export type SameArea = z.infer<typeof SameAreaSchema>;

export const ScreenTitleBody = z.object({ id: Id, screenTitle: optionalText(100) });

/** A dictionary entry as the pickers read it (get-ararm-type). */
export const DictOptionSchema = z.object({ key: z.string(), label: z.string() });

// ------------------------------------------------------------------------------------------ members, machines

const RoleKey = num(
  z
    .number({ message: 'project.role' })
    .int({ message: 'project.role' })
    .min(1, { message: 'project.role' })
    .max(3, { message: 'project.role' }),
  { ownMessage: true },
);

export const BindMachineBody = z.object({
  projectId: Id,
  kind: z.enum(PROJECT_MACHINE_KINDS, { message: 'project.machineKind' }),
  /** the docks' or devices' ids */
  ids: IdList,
});
export type BindMachineBody = z.input<typeof BindMachineBody>;

export const UnbindMemberBody = z.object({ projectId: Id, userIds: IdList });

/** Set a member's role; a user of the tenant not yet in the project joins with that role. */
export const ModifyMemberBody = z.object({ projectId: Id, userId: Id, role: RoleKey });
export type ModifyMemberBody = z.input<typeof ModifyMemberBody>;

/** current-user: the caller's place in a project. */
export const ProjectCurrentUserSchema = z.object({
  projectId: Id,
  userId: Id.nullable(),
  member: z.boolean(),
  /** PROJECT_ROLES, null when not a member */
  role: z.number().int().nullable(),
  leader: z.boolean(),
  /** may bind and unbind members and machines (project_members, and a project administrator, leader or admin) */
  canManage: z.boolean(),
});
export type ProjectCurrentUser = z.infer<typeof ProjectCurrentUserSchema>;

export const ProjectFileSchema = z.object({
  id: Id,
  link: z.string(),
  originalName: z.string(),
  extension: z.string(),
  attachSize: z.number(),
  createTime: DateTime,
});

export const ProjectFlyerSchema = z.object({
  id: Id,
  userId: Id,
  name: z.string(),
  phone: z.string(),
  licenceNumber: z.string(),
  licenceExpiry: z.string(),
  /** PROJECT_ROLES of the member */
  role: z.number().int(),
});
export type ProjectFlyer = z.infer<typeof ProjectFlyerSchema>;

// -------------------------------------------------------------------------------------------------- projectauth

/**
 * Project authorisation: depts and users who may see a project beyond its members (and their sub-depts for a
 * dept), one row per project.
 */
export const ProjectAuthSchema = AuditFields.extend({
  id: Id,
  tenantId: z.string(),
  projectId: Id,
  deptIds: z.array(Id),
  userIds: z.array(Id),
  remark: z.string().nullable(),
  projectName: z.string().nullable(),
  deptNames: z.array(z.string()),
  userNames: z.array(z.string()),
});
export type ProjectAuth = z.infer<typeof ProjectAuthSchema>;

export const ProjectAuthSubmit = z.object({
  projectId: Id,
  deptIds: IdsField.default([]),
  userIds: IdsField.default([]),
  remark: optionalText(500),
});
export type ProjectAuthSubmit = z.input<typeof ProjectAuthSubmit>;

export const ProjectAuthPageQuery = z.object({
  projectId: Id.optional(),
  projectName: z.string().trim().max(100).optional(),
});

/**
 * `project-management/getFlyingTask`: a project's flights now — the executions of its tasks that a dock has
 * received or is flying, with their progress (the project home's flight card).
 */
export const ProjectFlyingTaskSchema = z.object({
  /** the execution (one flight of the task) */
  id: Id,
  taskId: Id,
  taskCode: z.string(),
  taskName: z.string(),
  /** TASK_TYPE */
  taskType: z.number().int(),
  /** TASK_STATUS: 1 received, 2 in progress */
  taskStatus: z.number().int(),
  planTime: DateTime,
  startTime: DateTime.nullable(),
  hangarId: Id.nullable(),
  hangarName: z.string().nullable(),
  hangarSn: z.string().nullable(),
  waypointIndex: z.number().int().nullable(),
  percent: z.number().nullable(),
  paused: z.boolean(),
});
export type ProjectFlyingTask = z.infer<typeof ProjectFlyingTaskSchema>;
