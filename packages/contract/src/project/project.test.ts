import { describe, expect, it } from 'vitest';
import { translate } from '../messages.js';
import { messages } from './messages.js';
import {
  BindMachineBody,
  ModifyMemberBody,
  ProjectAuthSubmit,
  projectState,
  ProjectSubmit,
  SameAreaQuery,
} from './project.js';

const base = {
  name: 'Dam survey',
  type: 1,
  industryType: 2,
  startTime: '2026-12-01 00:00:00',
  endTime: '2026-12-31 00:00:00',
};
const fieldsOf = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('project contract', () => {
  it('derives the state from the start time: not started before it, in progress from it on', () => {
    const start = new Date('2026-12-01T00:00:00Z');
    expect(projectState(start, new Date('2026-11-30T23:59:59Z'))).toBe(0);
    expect(projectState(start, start)).toBe(1);
    expect(projectState(start, new Date('2027-06-01T00:00:00Z'))).toBe(1);
  });

  it('refuses an end before the start, naming endTime', () => {
    const result = ProjectSubmit.safeParse({ ...base, endTime: '2026-11-01 00:00:00' });
    expect(fieldsOf(result)).toEqual({ endTime: 'project.timeRange' });
    expect(ProjectSubmit.safeParse({ ...base, endTime: base.startTime }).success).toBe(true);
  });

  it('takes id lists as comma-separated text or arrays, and refuses a part that is not an id', () => {
    const parsed = ProjectSubmit.parse({ ...base, memberIds: '12,13,12', dockIds: ['7'] });
    expect(parsed.memberIds).toEqual(['12', '13']);
    expect(parsed.dockIds).toEqual(['7']);
    expect(fieldsOf(ProjectSubmit.safeParse({ ...base, aircraftIds: '12,x' }))).toHaveProperty(
      'aircraftIds.1',
    );
  });

  it('needs both coordinates of the centre, each within its range', () => {
    expect(fieldsOf(ProjectSubmit.safeParse({ ...base, centerLongitude: 116.4 }))).toEqual({
      centerLatitude: 'project.centerBoth',
    });
    expect(fieldsOf(ProjectSubmit.safeParse({ ...base, centerLongitude: 200, centerLatitude: 39 }))).toEqual({
      centerLongitude: 'project.longitude',
    });
    expect(fieldsOf(SameAreaQuery.safeParse({ longitude: '116.4', latitude: '91' }))).toEqual({
      latitude: 'project.latitude',
    });
  });

  it('names the type and industry type when they are missing or not keys', () => {
    const { type: _t, ...noType } = base;
    expect(fieldsOf(ProjectSubmit.safeParse({ ...noType, industryType: 'x' }))).toEqual({
      type: 'project.type',
      industryType: 'project.industryType',
    });
  });

  it('binds machines of a known kind and sets roles 1 to 3 only', () => {
    expect(fieldsOf(BindMachineBody.safeParse({ projectId: '1', kind: 'car', ids: '2' }))).toEqual({
      kind: 'project.machineKind',
    });
    expect(fieldsOf(ModifyMemberBody.safeParse({ projectId: '1', userId: '2', role: 4 }))).toEqual({
      role: 'project.role',
    });
    expect(ProjectAuthSubmit.parse({ projectId: '1', deptIds: '3,4' })).toMatchObject({
      deptIds: ['3', '4'],
      userIds: [],
    });
  });

  it('has every message in both languages', () => {
    for (const key of Object.keys(messages) as Array<keyof typeof messages>) {
      expect(translate('zh-CN', key)).not.toBe(translate('en-US', key));
    }
  });
});
