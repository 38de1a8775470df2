import {
  CalendarOutlined,
  HistoryOutlined,
  PlusOutlined,
  SendOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { isFinalStatus, TASK_STATUSES, TASK_TYPES, type Task, type TaskStatus } from '@aos/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Segmented, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../components/crud/CrudPage';
import type { CrudActions, CrudColumn } from '../../components/crud/types';
import { formatDateTime } from '../../components/time';
import { useSession } from '../../store/session';
import { DockSelect } from '../route/route/inputs';
import { routeList, taskApi } from './api';
import { statusColor } from './calendar';
import type { TaskCodes } from './codes';
import { TaskAssignDialog } from './TaskAssignDialog';
import { TaskCalendar } from './TaskCalendar';
import { TaskCreateDrawer } from './TaskCreateDrawer';
import { taskControls } from './controls';
import { TaskDetailDrawer } from './TaskDetailDrawer';
import { useTaskCommands } from './useTaskCommands';
import { TaskHistory } from './TaskHistory';
import { TaskRunning } from './TaskRunning';
import { useTaskText } from './text';
import './locale';
import './task.css';

const TIME = 'YYYY-MM-DD HH:mm:ss';
type Mode = 'list' | 'calendar' | 'running' | 'history';

/** The routes the user may fly, by id (a search field). */
function RouteSelect(props: {
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder: string;
}) {
  const routes = useQuery({ queryKey: ['task', 'routes'], queryFn: routeList, staleTime: 30_000 });
  return (
    <Select
      value={props.value ?? undefined}
      onChange={(value: string | undefined) => props.onChange?.(value)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={routes.isLoading}
      options={(routes.data ?? []).map((route) => ({ value: route.id, label: route.name }))}
      placeholder={props.placeholder}
      data-testid="field-routeId"
      style={{ minWidth: 160 }}
    />
  );
}

/**
 * The row buttons' column, sized per language for the most a row shows on one line (a pending hangar task
 * never flown: delete, detail, edit, assign, fly now, cancel hangar task); English words are the longer.
 */
const ACTION_WIDTH: Record<string, number> = { 'zh-CN': 390, 'en-US': 480 };

/**
 * The task manager (issue 17 "Console"; menus project_task and mission_task): the tasks as a calendar of
 * their flights (day, week, month) or as a list (code, name, type, route, dock, next flight, status, flown
 * duration and mileage) searched by name, code, type, status, dock, route and the time of their flights.
 * New tasks and changes go through the creation flow; a task opens in its detail with the live map; the
 * commands (close, cancel a hangar task, fly now, delete) follow the menu's button codes.
 */
export function TaskManager({ codes }: { codes: TaskCodes }) {
  const { t } = useTranslation();
  const text = useTaskText();
  const queryClient = useQueryClient();
  const permission = useSession((state) => state.permission);
  const language = useSession((state) => state.language);
  const can = (code: string) => Boolean(permission[code]);
  const commands = useTaskCommands();
  const [mode, setMode] = useState<Mode>('list');
  const [assigning, setAssigning] = useState<Task>();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [viewing, setViewing] = useState<string>();
  const [editing, setEditing] = useState<{ task?: Task }>();
  const [refreshKey, setRefreshKey] = useState(0);
  const code = codes.menu;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['crud', code] });
    setRefreshKey((key) => key + 1);
  };

  const pick = (key: string) => t('crud.requiredSelect', { field: t(key) });
  const columns: CrudColumn<Task>[] = [
    {
      field: 'code',
      label: 'taskManager.code',
      search: true,
      width: 150,
      render: (_, task) => <span data-testid="task-code">{task.code}</span>,
    },
    {
      field: 'name',
      label: 'taskManager.name',
      search: true,
      width: 180,
      render: (_, task) => (
        <>
          <div className="task-name" data-testid="task-name">
            {task.name}
          </div>
          <div className="task-sub">
            {[task.createUserName, task.projectName].filter(Boolean).join(' · ')}
          </div>
        </>
      ),
    },
    {
      field: 'taskStatus',
      label: 'taskManager.status',
      type: 'select',
      options: TASK_STATUSES.map((value) => ({ value, label: `taskManager.statuses.${value}` })),
      search: true,
      width: 110,
      render: (_, task) => (
        <Tag color={statusColor(task.taskStatus).tag} data-testid="task-status" data-status={task.taskStatus}>
          {text.status(task.taskStatus)}
        </Tag>
      ),
    },
    {
      field: 'type',
      label: 'taskManager.type',
      type: 'select',
      options: TASK_TYPES.map((value) => ({ value, label: `taskManager.types.${value}` })),
      search: true,
      width: 100,
      render: (_, task) => <span data-testid="task-type">{text.type(task.type)}</span>,
    },
    {
      field: 'nextTime',
      label: 'taskManager.nextTime',
      width: 160,
      render: (_, task) => <span data-testid="task-next">{formatDateTime(task.nextTime) || '—'}</span>,
    },
    {
      field: 'routeId',
      label: 'taskManager.route',
      type: 'custom',
      search: true,
      width: 160,
      renderInput: (props) => (
        <RouteSelect
          value={props.value as string | undefined}
          onChange={props.onChange}
          placeholder={pick('taskManager.route')}
        />
      ),
      render: (_, task) => <span data-testid="task-route">{task.routeName ?? '—'}</span>,
    },
    {
      field: 'hangarId',
      label: 'taskManager.dock',
      type: 'custom',
      search: true,
      width: 150,
      renderInput: (props) => (
        <DockSelect
          value={props.value as string | undefined}
          onChange={props.onChange}
          placeholder={pick('taskManager.dock')}
          testId="field-hangarId"
        />
      ),
      render: (_, task) => <span data-testid="task-dock">{task.hangarName ?? '—'}</span>,
    },
    {
      field: 'flightDuration',
      label: 'taskManager.flown',
      width: 150,
      render: (_, task) => (
        <div className="task-flown" data-testid="task-flown">
          <span>{text.duration(task.flightDuration)}</span>
          <span>{text.distance(task.mileage)}</span>
        </div>
      ),
    },
  ];

  const toolbar = (actions: CrudActions<Task>) => (
    <>
      {actions.can(`${code}_add`) && (
        <Button type="primary" icon={<PlusOutlined />} data-testid="task-add" onClick={() => setEditing({})}>
          {t('taskManager.add')}
        </Button>
      )}
      <DatePicker.RangePicker
        showTime
        value={range}
        onChange={(value) => setRange(value && value[0] && value[1] ? [value[0], value[1]] : null)}
        placeholder={[t('taskManager.flightsFrom'), t('taskManager.flightsTo')]}
        data-testid="task-range"
      />
    </>
  );

  const rowActions = (task: Task, actions: CrudActions<Task>) => {
    const allowed = taskControls(task);
    return (
      <>
        {actions.can(`${code}_view`) && (
          <Button type="link" size="small" data-testid="row-detail" onClick={() => setViewing(task.id)}>
            {t('taskManager.detail.open')}
          </Button>
        )}
        {allowed.edit && task.executionCount === 0 && actions.can(`${code}_edit`) && (
          <Button type="link" size="small" data-testid="row-edit" onClick={() => setEditing({ task })}>
            {t('crud.edit')}
          </Button>
        )}
        {!isFinalStatus(task.taskStatus as TaskStatus) && actions.can(codes.assign) && (
          <Button type="link" size="small" data-testid="row-assign" onClick={() => setAssigning(task)}>
            {t('taskManager.assign.action')}
          </Button>
        )}
        {allowed.execute && actions.can(codes.execute) && (
          <Button
            type="link"
            size="small"
            data-testid="row-execute"
            onClick={() => commands.confirm('execute', task)}
          >
            {t('taskManager.commands.execute')}
          </Button>
        )}
        {allowed.cancel && actions.can(codes.cancel) && (
          <Button
            type="link"
            size="small"
            danger
            data-testid="row-cancel"
            onClick={() => commands.confirm('cancel', task)}
          >
            {t('taskManager.commands.cancel')}
          </Button>
        )}
        {allowed.close && actions.can(codes.close) && (
          <Button
            type="link"
            size="small"
            danger
            data-testid="row-close"
            onClick={() => commands.confirm('close', task)}
          >
            {t('taskManager.commands.close')}
          </Button>
        )}
      </>
    );
  };

  return (
    <div className="task-manager" data-testid="task-manager">
      <div className="task-manager-head">
        <Segmented
          value={mode}
          onChange={(value) => setMode(value as Mode)}
          data-testid="task-mode"
          options={[
            { value: 'list', label: t('taskManager.list'), icon: <UnorderedListOutlined /> },
            { value: 'calendar', label: t('taskManager.calendar.title'), icon: <CalendarOutlined /> },
            { value: 'running', label: t('taskManager.running.title'), icon: <SendOutlined /> },
            { value: 'history', label: t('taskManager.history.title'), icon: <HistoryOutlined /> },
          ]}
        />
        {mode === 'calendar' && can(`${code}_add`) && (
          <Space>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="task-add-calendar"
              onClick={() => setEditing({})}
            >
              {t('taskManager.add')}
            </Button>
          </Space>
        )}
      </div>
      {mode === 'calendar' ? (
        <TaskCalendar onOpen={setViewing} refreshKey={refreshKey} />
      ) : mode === 'running' ? (
        <TaskRunning onOpen={setViewing} canOpen={can(`${code}_view`)} />
      ) : mode === 'history' ? (
        <TaskHistory onOpen={setViewing} canOpen={can(`${code}_view`)} />
      ) : (
        <CrudPage<Task>
          code={code}
          testId="task"
          title="taskManager.title"
          columns={columns}
          api={taskApi}
          query={range ? { startTime: range[0].format(TIME), endTime: range[1].format(TIME) } : undefined}
          permissions={{ add: false, edit: false, view: false }}
          rowDeletable={(task) => !(task.taskStatus === 1 || task.taskStatus === 2)}
          dateRange={false}
          actionWidth={ACTION_WIDTH[language] ?? ACTION_WIDTH['en-US']}
          emptyText="taskManager.empty"
          toolbar={toolbar}
          rowActions={rowActions}
        />
      )}
      <TaskDetailDrawer taskId={viewing} codes={codes} onClose={() => setViewing(undefined)} />
      <TaskAssignDialog task={assigning} onClose={() => setAssigning(undefined)} onDone={refresh} />
      <TaskCreateDrawer
        open={Boolean(editing)}
        editing={editing?.task}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          refresh();
        }}
      />
    </div>
  );
}
