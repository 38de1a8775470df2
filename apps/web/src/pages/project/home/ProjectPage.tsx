import { type Project, ProjectSubmit } from '@aos/contract';
import { Button, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { deptOptions, machineOptions, projectApi, userOptions } from './api';
import { CenterPointInput } from './CenterPointInput';
import { ProjectDrawer } from './ProjectDrawer';
import './locale';

const shape = ProjectSubmit.shape;
/** The id lists a form sends: an emptied picker sends '' (none), not nothing (kept as it was). */
const LISTS = ['memberIds', 'dockIds', 'aircraftIds', 'payloadIds', 'dataLinkIds'] as const;

const STATES = [
  { value: 0, label: 'project.states.0' },
  { value: 1, label: 'project.states.1' },
];

/**
 * The project home (spec §3 Project, MENUS.md project_home): the list searched by name, type and state; the
 * add/edit form with team, leader, members, machines and the centre point picked on the map; the project's
 * page (members, machines, device and flight data) from each row.
 */
export default function ProjectPage() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<Project>();
  /** the table's refresh: members and machines changed on the project's page show in the list after it */
  const refresh = useRef<() => void>(undefined);

  const columns: CrudColumn<Project>[] = [
    {
      field: 'name',
      label: 'project.name',
      schema: shape.name,
      required: true,
      search: true,
      width: 180,
      render: (value, record) => (
        <a data-testid="project-open" onClick={() => setOpened(record)}>
          {String(value)}
        </a>
      ),
    },
    {
      field: 'type',
      label: 'project.type',
      type: 'select',
      dict: { code: 'project_type', biz: true },
      schema: shape.type,
      required: true,
      search: true,
      width: 110,
    },
    {
      field: 'industryType',
      label: 'project.industryType',
      type: 'select',
      dict: { code: 'industry_type', biz: true },
      schema: shape.industryType,
      required: true,
      width: 120,
    },
    {
      field: 'state',
      label: 'project.state',
      type: 'select',
      options: STATES,
      form: false,
      search: true,
      width: 100,
      render: (value) =>
        value === 1 ? <Tag color="green">{t('project.states.1')}</Tag> : <Tag>{t('project.states.0')}</Tag>,
    },
    {
      field: 'deptId',
      label: 'project.dept',
      type: 'tree-select',
      treeData: deptOptions,
      schema: shape.deptId,
      table: false,
    },
    { field: 'deptName', label: 'project.dept', form: false, width: 130, ellipsis: true },
    {
      field: 'leaderId',
      label: 'project.leader',
      type: 'tree-select',
      treeData: userOptions,
      schema: shape.leaderId,
      table: false,
    },
    { field: 'leaderName', label: 'project.leader', form: false, width: 110 },
    {
      field: 'startTime',
      label: 'project.startTime',
      type: 'datetime',
      schema: shape.startTime,
      required: true,
      width: 170,
    },
    {
      field: 'endTime',
      label: 'project.endTime',
      type: 'datetime',
      schema: shape.endTime,
      required: true,
      width: 170,
    },
    {
      field: 'memberIds',
      label: 'project.members',
      type: 'tree-select',
      multiple: true,
      treeData: userOptions,
      span: 24,
      table: false,
      view: false,
    },
    {
      field: 'memberNames',
      label: 'project.members',
      form: false,
      width: 180,
      ellipsis: true,
      render: (value) => (Array.isArray(value) ? value.join(', ') : ''),
    },
    ...(
      [
        ['dockIds', 'project.docks', 'dock'],
        ['aircraftIds', 'project.aircraft', 'aircraft'],
        ['payloadIds', 'project.payloads', 'payload'],
        ['dataLinkIds', 'project.dataLinks', 'dataLink'],
      ] as const
    ).map(([field, label, kind]): CrudColumn<Project> => ({
      field,
      label,
      type: 'tree-select',
      multiple: true,
      treeData: machineOptions(kind),
      table: field === 'dockIds',
      view: false,
      render: (value) => (Array.isArray(value) ? value.length : 0),
      width: 80,
    })),
    {
      field: 'centerLongitude',
      label: 'project.centerLongitude',
      type: 'custom',
      schema: shape.centerLongitude,
      table: false,
      renderInput: (props) => <CenterPointInput {...props} axis="longitude" />,
    },
    {
      field: 'centerLatitude',
      label: 'project.centerLatitude',
      type: 'custom',
      schema: shape.centerLatitude,
      table: false,
      renderInput: (props) => <CenterPointInput {...props} axis="latitude" />,
    },
    { field: 'screenTitle', label: 'project.screenTitle', schema: shape.screenTitle, table: false },
    { field: 'remark', label: 'project.remark', type: 'textarea', schema: shape.remark, table: false },
    { field: 'createTime', label: 'crud.createTime', form: false, table: false },
  ];

  return (
    <>
      <CrudPage<Project>
        code="project_home"
        testId="project"
        title="project.title"
        columns={columns}
        api={projectApi}
        actionWidth={240}
        beforeSubmit={(values, editing) => {
          const body: Record<string, unknown> = { ...values, ...(editing ? { id: editing.id } : {}) };
          for (const list of LISTS) body[list] = body[list] ?? '';
          return body;
        }}
        rowActions={(record, actions) => {
          refresh.current = actions.refresh;
          return (
            <Button type="link" size="small" data-testid="row-manage" onClick={() => setOpened(record)}>
              {t('project.manage')}
            </Button>
          );
        }}
      />
      <ProjectDrawer
        project={opened}
        onClose={() => {
          setOpened(undefined);
          refresh.current?.();
        }}
      />
    </>
  );
}
