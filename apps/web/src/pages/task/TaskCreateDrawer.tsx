import { CheckCircleFilled, CloudServerOutlined, EnvironmentOutlined } from '@ant-design/icons';
import {
  instantOf,
  isDockTask,
  localTimeOf,
  type Dock,
  type Route,
  type RouteCheck,
  SCHEDULE_MODES,
  TASK_TYPE,
  TASK_TYPES,
  type Task,
  type TaskSchedule,
  type TaskSubmit,
} from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Spin,
  Steps,
  Switch,
  Tag,
  TimePicker,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/time';
import { runtimeConfig } from '../../store/runtime-config';
import { RouteThumbnail } from '../route/route/RouteThumbnail';
import { useRouteText } from '../route/route/text';
import {
  aircraftList,
  checkRoute,
  dockList,
  executionsBetween,
  operatorList,
  routeList,
  submitTask,
} from './api';
import { readRefusal, STEP_FIELDS, STEPS } from './refusal';
import { formOf, previewSchedule, readSchedule, type ScheduleForm } from './schedule-form';
import { textDate, textDates, textTime, TimesInput } from './inputs';
import { useTaskText } from './text';
import '../route/route/route.css';
import './locale';

type Values = ScheduleForm & {
  name?: string;
  type?: number;
  routeId?: string;
  hangarId?: string;
  operatorId?: string;
  aircraftId?: string;
  rthAltitude?: number;
  outOfControlAction?: number;
  alarmFlag?: number;
  remark?: string;
};

/** A dock's time zone (the server's when the dock has none set). */
export const zoneOf = (dock: Dock | undefined) =>
  (dock as (Dock & { timeZone?: string | null }) | undefined)?.timeZone || runtimeConfig.timeZone;

/** A server time (`yyyy-MM-dd HH:mm:ss` in the server's zone) as an instant. */
const instantOfServer = (time: string) =>
  instantOf(time.slice(0, 10), time.slice(11, 16), runtimeConfig.timeZone);

/**
 * Create or change a task, one step at a time (spec §5: the dock is chosen before the time): type and name →
 * route (the routes the user may fly, with their map picture and figures) → dock (the tenant's, with its time
 * zone) → schedule (now, once, repeating, chosen dates or a continuous window, with the next flights
 * previewed in the dock's zone by the contract's own `occurrencesOf` and the 3-hour advice listing the close
 * flights, the dock's existing ones included) → the route's checks for that dock and time → submit. The
 * server's field errors land on their fields (and their step); its request to confirm the 3-hour advice is
 * asked and the task submitted again with `confirmSpacing`.
 */
export function TaskCreateDrawer({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing?: Task;
  onClose: () => void;
  onSaved: (task: Task) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const text = useTaskText();
  const routeText = useRouteText();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const values = Form.useWatch([], { form, preserve: true }) as Values | undefined;
  const type = values?.type ?? TASK_TYPE.HANGAR;
  const dockTask = isDockTask(type);

  useEffect(() => {
    if (!open) return;
    setStep(0);
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            name: editing.name,
            type: editing.type,
            routeId: editing.routeId ?? undefined,
            hangarId: editing.hangarId ?? undefined,
            operatorId: editing.operatorId ?? undefined,
            aircraftId: editing.aircraftId ?? undefined,
            rthAltitude: editing.rthAltitude,
            outOfControlAction: editing.outOfControlAction,
            alarmFlag: editing.alarmFlag,
            remark: editing.remark ?? undefined,
            ...formOf(editing.schedule),
          }
        : {
            type: TASK_TYPE.HANGAR,
            rthAltitude: 100,
            outOfControlAction: 0,
            alarmFlag: 1,
            mode: 'once',
            frequency: 'daily',
            interval: 1,
            minBattery: 90,
          },
    );
  }, [open, editing, form]);

  const routes = useQuery({
    queryKey: ['task', 'routes'],
    queryFn: routeList,
    enabled: open,
    staleTime: 30_000,
  });
  const docks = useQuery({
    queryKey: ['task', 'docks'],
    queryFn: dockList,
    enabled: open,
    staleTime: 30_000,
  });
  // a flight or manual task's operator, and a flight task's aircraft (followed from its telemetry)
  const operators = useQuery({
    queryKey: ['task', 'operators'],
    queryFn: operatorList,
    enabled: open && !dockTask,
    staleTime: 60_000,
  });
  const aircraft = useQuery({
    queryKey: ['task', 'aircraft'],
    queryFn: aircraftList,
    enabled: open && type === TASK_TYPE.FLIGHT,
    staleTime: 30_000,
  });
  const route = routes.data?.find((item) => item.id === values?.routeId);
  const dock = docks.data?.find((item) => item.id === values?.hangarId);
  const zone = zoneOf(dock);

  // the schedule read by the contract, its preview in the dock's zone, the dock's other flights for the advice
  const read = values?.mode ? readSchedule(values) : undefined;
  const schedule: TaskSchedule | undefined = read?.ok ? read.schedule : undefined;
  const [now] = useState(() => Date.now());
  const horizon = useMemo(
    () => ({ startTime: formatDateTime(now), endTime: formatDateTime(now + 62 * 86_400_000) }),
    [now],
  );
  const existing = useQuery({
    queryKey: ['task', 'dock-flights', values?.hangarId, horizon.startTime],
    queryFn: () => executionsBetween({ ...horizon, hangarId: values!.hangarId! }, true),
    enabled: open && Boolean(values?.hangarId) && dockTask,
  });
  const others = useMemo(
    () =>
      (existing.data ?? []).filter(
        (execution) => execution.taskId !== editing?.id && execution.taskStatus <= 2,
      ),
    [existing.data, editing?.id],
  );
  const preview = useMemo(
    () =>
      schedule
        ? previewSchedule(
            schedule,
            zone,
            Date.now(),
            others.map((execution) => instantOfServer(execution.planTime)),
          )
        : undefined,
    [schedule && JSON.stringify(schedule), zone, others], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const otherAt = (at: number) =>
    others.find((execution) => instantOfServer(execution.planTime) === at)?.taskName ?? '';

  // the route's checks for the dock, at the first flight
  const firstFlight = preview?.next[0]?.at ?? preview?.windows[0]?.start;
  const checks = useQuery({
    queryKey: ['task', 'checks', values?.routeId, values?.hangarId, firstFlight],
    queryFn: () =>
      checkRoute({
        id: values!.routeId!,
        hangarId: values?.hangarId ?? null,
        startTime: firstFlight ? formatDateTime(firstFlight) : undefined,
      }),
    enabled: open && STEPS[step] === 'checks' && Boolean(values?.routeId),
  });

  const stepFields = (index: number) => {
    const name = STEPS[index]!;
    if (name === 'dock' && !dockTask)
      return type === TASK_TYPE.FLIGHT ? ['operatorId', 'aircraftId'] : ['operatorId'];
    if (name === 'dock') return ['hangarId'];
    if (name === 'route' && type === TASK_TYPE.MANUAL) return [];
    return STEP_FIELDS[name];
  };

  const next = async () => {
    try {
      await form.validateFields(stepFields(step));
    } catch {
      return;
    }
    if (STEPS[step] === 'schedule') {
      const result = readSchedule(form.getFieldsValue(true) as Values);
      if (!result.ok) {
        form.setFields(
          Object.entries(result.errors).map(([name, key]) => ({
            name: name as never,
            errors: [text.message(key)],
          })),
        );
        return;
      }
    }
    setStep((current) => current + 1);
  };

  const submit = async (confirmSpacing = false) => {
    const all = form.getFieldsValue(true) as Values;
    const result = readSchedule(all);
    if (!result.ok) {
      setStep(STEPS.indexOf('schedule'));
      return;
    }
    const body: TaskSubmit = {
      ...(editing ? { id: editing.id } : {}),
      name: all.name ?? '',
      type: all.type ?? TASK_TYPE.HANGAR,
      routeId: all.routeId ?? null,
      hangarId: dockTask ? (all.hangarId ?? null) : null,
      ...(dockTask ? {} : { operatorId: all.operatorId ?? null }),
      ...(type === TASK_TYPE.FLIGHT ? { aircraftId: all.aircraftId ?? null } : {}),
      schedule: result.schedule,
      rthAltitude: all.rthAltitude ?? 100,
      outOfControlAction: all.outOfControlAction ?? 0,
      alarmFlag: all.alarmFlag ?? 1,
      remark: all.remark ?? '',
      ...(confirmSpacing ? { confirmSpacing: true } : {}),
    };
    setSaving(true);
    try {
      const saved = await submitTask(body);
      message.success(
        t(editing ? 'taskManager.create.updated' : 'taskManager.create.created', { name: saved.name }),
      );
      onSaved(saved);
    } catch (error) {
      const refusal = readRefusal(error);
      if (refusal.kind === 'spacing' && !confirmSpacing) {
        modal.confirm({
          title: t('taskManager.create.spacingTitle'),
          content: (
            <div data-testid="spacing-confirm">
              <p>{refusal.message ? text.message(refusal.message) : t('taskManager.schedule.spacing')}</p>
              {preview && preview.close.length > 0 && (
                <ul>
                  {preview.close.slice(0, 5).map((pair) => (
                    <li key={`${pair.earlier}-${pair.later}`}>
                      {localTimeOf(pair.earlier, zone)} – {localTimeOf(pair.later, zone)}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ),
          okText: t('taskManager.create.spacingOk'),
          okButtonProps: { 'data-testid': 'confirm-spacing' } as never,
          onOk: () => submit(true),
        });
      } else if (refusal.kind === 'fields') {
        form.setFields(
          refusal.fields.map(({ field, message: key }) => ({
            name: field as never,
            errors: [text.message(key)],
          })),
        );
        setStep(refusal.step);
      } else {
        message.error(
          refusal.kind === 'other' && refusal.message ? refusal.message : t('common.operationFailed'),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  const pickRoute = (item: Route) => form.setFieldValue('routeId', item.id);

  const stepItems = STEPS.map((name) => ({
    key: name,
    // a flight or manual task's third step is its operator (and aircraft), not a dock
    title: t(`taskManager.create.steps.${name === 'dock' && !dockTask ? 'operator' : name}`),
    disabled: true,
  }));

  const current = STEPS[step]!;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={980}
      destroyOnHidden
      title={t(editing ? 'taskManager.create.editTitle' : 'taskManager.create.title')}
      data-testid="task-create"
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          {step > 0 && (
            <Button data-testid="create-back" onClick={() => setStep(step - 1)}>
              {t('taskManager.create.back')}
            </Button>
          )}
          {step < STEPS.length - 1 ? (
            <Button type="primary" data-testid="create-next" onClick={() => void next()}>
              {t('taskManager.create.next')}
            </Button>
          ) : (
            <Button type="primary" loading={saving} data-testid="create-submit" onClick={() => void submit()}>
              {t(editing ? 'taskManager.create.save' : 'taskManager.create.submit')}
            </Button>
          )}
        </Space>
      }
    >
      <Steps
        current={step}
        items={stepItems}
        size="small"
        style={{ marginBottom: 24 }}
        data-testid="create-steps"
      />
      <Form form={form} layout="vertical" preserve>
        {current === 'type' && (
          <>
            <Form.Item name="type" label={t('taskManager.type')} rules={[{ required: true }]}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                data-testid="field-type"
                disabled={Boolean(editing)}
                options={TASK_TYPES.map((value) => ({ value, label: text.type(value) }))}
              />
            </Form.Item>
            <Typography.Paragraph type="secondary">{t(`taskManager.typeHints.${type}`)}</Typography.Paragraph>
            <Form.Item
              name="name"
              label={t('taskManager.name')}
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: t('crud.required', { field: t('taskManager.name') }),
                },
                { max: 100 },
              ]}
            >
              <Input maxLength={100} data-testid="field-name" />
            </Form.Item>
            {dockTask && (
              <Space size="large" wrap>
                <Form.Item
                  name="rthAltitude"
                  label={t('taskManager.rthAltitude')}
                  rules={[{ required: true }]}
                >
                  <InputNumber min={20} max={1500} suffix="m" data-testid="field-rthAltitude" />
                </Form.Item>
                <Form.Item name="outOfControlAction" label={t('taskManager.outOfControl')}>
                  <Select
                    style={{ width: 180 }}
                    options={[0, 1, 2].map((value) => ({
                      value,
                      label: t(`taskManager.outOfControlActions.${value}`),
                    }))}
                  />
                </Form.Item>
                <Form.Item
                  name="alarmFlag"
                  label={t('taskManager.alarmFlag')}
                  valuePropName="checked"
                  getValueProps={(value: unknown) => ({ checked: value === 1 })}
                  normalize={(checked: boolean) => (checked ? 1 : 0)}
                >
                  <Switch />
                </Form.Item>
              </Space>
            )}
            <Form.Item name="remark" label={t('taskManager.remark')} rules={[{ max: 500 }]}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </>
        )}

        {current === 'route' && (
          <Form.Item
            name="routeId"
            label={t('taskManager.route')}
            rules={[{ required: type !== TASK_TYPE.MANUAL, message: t('taskManager.create.routeRequired') }]}
            data-testid="route-step"
          >
            {routes.isLoading ? (
              <Spin />
            ) : (routes.data ?? []).length === 0 ? (
              <Empty description={t('taskManager.create.noRoutes')} />
            ) : (
              <div className="task-route-list" data-testid="route-choices">
                {(routes.data ?? []).map((item) => (
                  <button
                    type="button"
                    key={item.id}
                    className={`task-route-choice${item.id === values?.routeId ? ' task-route-choice--on' : ''}`}
                    data-testid="route-choice"
                    data-id={item.id}
                    onClick={() => pickRoute(item)}
                  >
                    <RouteThumbnail route={item} width={96} height={64} />
                    <span className="task-route-text">
                      <strong>{item.name}</strong>
                      <span>
                        {routeText.aircraft(item)} · {routeText.distance(item)} · {routeText.duration(item)}
                      </span>
                      <span>
                        {t('routeManager.waypoints')} {item.waypointCount}
                        {item.photoCount > 0 && ` · ${t('routeManager.photos')} ${item.photoCount}`}
                        {item.hangarName && ` · ${item.hangarName}`}
                      </span>
                    </span>
                    {item.id === values?.routeId && <CheckCircleFilled className="task-route-check" />}
                  </button>
                ))}
              </div>
            )}
          </Form.Item>
        )}

        {current === 'dock' &&
          (dockTask ? (
            <>
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('taskManager.create.dockFirst')}
              />
              <Form.Item
                name="hangarId"
                label={t('taskManager.dock')}
                rules={[{ required: true, message: t('taskManager.create.dockRequired') }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={docks.isLoading}
                  data-testid="field-hangarId"
                  placeholder={t('taskManager.create.pickDock')}
                  options={(docks.data ?? []).map((item) => ({
                    value: item.id,
                    label: `${item.name} (${item.serialNumber})`,
                  }))}
                />
              </Form.Item>
              {dock && (
                <Descriptions
                  size="small"
                  bordered
                  column={2}
                  data-testid="dock-summary"
                  items={[
                    { key: 'sn', label: t('taskManager.create.serial'), children: dock.serialNumber },
                    {
                      key: 'zone',
                      label: t('taskManager.timeZone'),
                      children: (
                        <span data-testid="dock-zone">
                          <CloudServerOutlined /> {zone}
                          {zone === runtimeConfig.timeZone && ` (${t('taskManager.create.serverZone')})`}
                        </span>
                      ),
                    },
                    { key: 'drone', label: t('taskManager.create.drone'), children: dock.droneNames || '—' },
                    {
                      key: 'rth',
                      label: t('taskManager.rthAltitude'),
                      children: t('routeManager.unit.m', { value: dock.rthAltitude }),
                    },
                  ]}
                />
              )}
              {route?.hangarId && values?.hangarId && route.hangarId !== values.hangarId && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginTop: 12 }}
                  title={t('taskManager.create.otherDock', { dock: route.hangarName ?? '' })}
                />
              )}
            </>
          ) : (
            <>
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('taskManager.create.noDockNeeded')}
              />
              <Form.Item
                name="operatorId"
                label={t('taskManager.create.operator')}
                rules={[{ required: true, message: t('taskManager.assign.pick') }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={operators.isLoading}
                  data-testid="field-operatorId"
                  placeholder={t('taskManager.assign.pick')}
                  options={(operators.data ?? []).map((user) => ({
                    value: user.id,
                    label: user.realName ? `${user.realName} (${user.account})` : user.account,
                  }))}
                />
              </Form.Item>
              {type === TASK_TYPE.FLIGHT && (
                <Form.Item
                  name="aircraftId"
                  label={t('taskManager.create.aircraft')}
                  extra={t('taskManager.create.aircraftHint')}
                  rules={[{ required: true, message: t('taskManager.create.aircraftRequired') }]}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={aircraft.isLoading}
                    data-testid="field-aircraftId"
                    placeholder={t('taskManager.create.aircraftRequired')}
                    options={(aircraft.data ?? []).map((item) => ({
                      value: item.id,
                      label: `${item.name} (${item.serialNumber})`,
                    }))}
                  />
                </Form.Item>
              )}
            </>
          ))}

        {current === 'schedule' && (
          <div className="task-schedule">
            <div className="task-schedule-form">
              <Typography.Paragraph type="secondary" data-testid="schedule-zone">
                <EnvironmentOutlined /> {t('taskManager.schedule.zone', { zone })}
              </Typography.Paragraph>
              <Form.Item name="mode" label={t('taskManager.schedule.mode')} rules={[{ required: true }]}>
                <Radio.Group
                  data-testid="field-mode"
                  options={SCHEDULE_MODES.map((value) => ({
                    value,
                    label: t(`taskManager.schedule.modes.${value}`),
                  }))}
                />
              </Form.Item>
              {values?.mode === 'once' && (
                <Form.Item
                  name="at"
                  label={t('taskManager.schedule.at')}
                  {...textDate('YYYY-MM-DD HH:mm')}
                  required
                >
                  <DatePicker
                    showTime={{ format: 'HH:mm' }}
                    format="YYYY-MM-DD HH:mm"
                    data-testid="field-at"
                  />
                </Form.Item>
              )}
              {values?.mode === 'repeat' && (
                <>
                  <Space wrap>
                    <Form.Item name="frequency" label={t('taskManager.schedule.frequency')}>
                      <Radio.Group
                        optionType="button"
                        data-testid="field-frequency"
                        options={(['daily', 'weekly', 'monthly'] as const).map((value) => ({
                          value,
                          label: t(`taskManager.schedule.frequencies.${value}`),
                        }))}
                      />
                    </Form.Item>
                    <Form.Item name="interval" label={t('taskManager.schedule.interval')}>
                      <InputNumber min={1} max={31} data-testid="field-interval" />
                    </Form.Item>
                  </Space>
                  {values.frequency === 'weekly' && (
                    <Form.Item name="weekdays" label={t('taskManager.schedule.weekdays')} required>
                      <Checkbox.Group
                        data-testid="field-weekdays"
                        options={[1, 2, 3, 4, 5, 6, 7].map((value) => ({
                          value,
                          label: t(`taskManager.calendar.weekdays.${value % 7}`),
                        }))}
                      />
                    </Form.Item>
                  )}
                  {values.frequency === 'monthly' && (
                    <Form.Item name="monthDays" label={t('taskManager.schedule.monthDays')} required>
                      <Select
                        mode="multiple"
                        data-testid="field-monthDays"
                        options={Array.from({ length: 31 }, (_, i) => ({
                          value: i + 1,
                          label: String(i + 1),
                        }))}
                      />
                    </Form.Item>
                  )}
                </>
              )}
              {(values?.mode === 'repeat' || values?.mode === 'continuous') && (
                <Space wrap>
                  <Form.Item
                    name="startDate"
                    label={t('taskManager.schedule.startDate')}
                    {...textDate('YYYY-MM-DD')}
                    required
                  >
                    <DatePicker data-testid="field-startDate" />
                  </Form.Item>
                  <Form.Item
                    name="endDate"
                    label={t('taskManager.schedule.endDate')}
                    {...textDate('YYYY-MM-DD')}
                    required
                  >
                    <DatePicker data-testid="field-endDate" />
                  </Form.Item>
                </Space>
              )}
              {values?.mode === 'dates' && (
                <Form.Item name="dates" label={t('taskManager.schedule.dates')} {...textDates} required>
                  <DatePicker
                    multiple
                    maxTagCount="responsive"
                    data-testid="field-dates"
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              )}
              {(values?.mode === 'repeat' || values?.mode === 'dates') && (
                <Form.Item name="times" label={t('taskManager.schedule.times')} required>
                  <TimesInput />
                </Form.Item>
              )}
              {values?.mode === 'continuous' && (
                <Space wrap>
                  <Form.Item name="from" label={t('taskManager.schedule.from')} {...textTime} required>
                    <TimePicker format="HH:mm" data-testid="field-from" />
                  </Form.Item>
                  <Form.Item name="to" label={t('taskManager.schedule.to')} {...textTime} required>
                    <TimePicker format="HH:mm" data-testid="field-to" />
                  </Form.Item>
                  <Form.Item name="minBattery" label={t('taskManager.schedule.minBattery')}>
                    <InputNumber min={20} max={100} suffix="%" data-testid="field-minBattery" />
                  </Form.Item>
                </Space>
              )}
            </div>
            <div className="task-schedule-preview" data-testid="schedule-preview">
              <Typography.Title level={5}>{t('taskManager.schedule.preview')}</Typography.Title>
              {values?.mode === 'now' && (
                <Typography.Text>{t('taskManager.schedule.nowHint')}</Typography.Text>
              )}
              {read && !read.ok && values?.mode !== 'now' && (
                <Typography.Text type="secondary">{t('taskManager.schedule.incomplete')}</Typography.Text>
              )}
              {preview && schedule?.mode !== 'now' && (
                <>
                  {schedule?.mode === 'continuous' ? (
                    <ul className="task-preview-list" data-testid="preview-windows">
                      {preview.windows.map((window) => (
                        <li key={window.start}>
                          {localTimeOf(window.start, zone)} – {localTimeOf(window.end, zone).slice(11)}
                        </li>
                      ))}
                    </ul>
                  ) : preview.next.length === 0 ? (
                    <Alert
                      type="warning"
                      showIcon
                      title={t('taskManager.schedule.noneAhead')}
                      data-testid="preview-none"
                    />
                  ) : (
                    <>
                      <Typography.Text type="secondary">
                        {t('taskManager.schedule.count', { count: preview.count })}
                      </Typography.Text>
                      <ul className="task-preview-list" data-testid="preview-flights">
                        {preview.next.map((item) => (
                          <li key={item.at} data-testid="preview-flight" data-at={item.at}>
                            {localTimeOf(item.at, zone)}
                            {zone !== runtimeConfig.timeZone && (
                              <Typography.Text type="secondary">
                                {' '}
                                ({formatDateTime(item.at).slice(0, 16)})
                              </Typography.Text>
                            )}
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                  {preview.close.length > 0 && (
                    <Alert
                      type="warning"
                      showIcon
                      data-testid="spacing-advice"
                      title={t('taskManager.schedule.spacing')}
                      description={
                        <ul className="task-preview-list">
                          {preview.close.slice(0, 8).map((pair) => (
                            <li key={`${pair.earlier}-${pair.later}`} data-testid="spacing-pair">
                              {localTimeOf(pair.earlier, zone)} – {localTimeOf(pair.later, zone).slice(11)}
                              {pair.existing !== null &&
                                ` · ${t('taskManager.schedule.existing', { name: otherAt(pair.existing) })}`}
                            </li>
                          ))}
                          {preview.close.length > 8 && (
                            <li>{t('taskManager.calendar.more', { count: preview.close.length - 8 })}</li>
                          )}
                        </ul>
                      }
                    />
                  )}
                </>
              )}
            </div>
          </div>
        )}

        {current === 'checks' && (
          <div data-testid="checks-step">
            <Descriptions
              size="small"
              bordered
              column={1}
              items={[
                { key: 'name', label: t('taskManager.name'), children: values?.name },
                { key: 'type', label: t('taskManager.type'), children: text.type(type) },
                { key: 'route', label: t('taskManager.route'), children: route?.name ?? '—' },
                {
                  key: 'dock',
                  label: t('taskManager.dock'),
                  children: dock ? `${dock.name} · ${zone}` : '—',
                },
                {
                  key: 'first',
                  label: t('taskManager.schedule.first'),
                  children: firstFlight
                    ? localTimeOf(firstFlight, zone)
                    : t(`taskManager.schedule.modes.${values?.mode ?? 'now'}`),
                },
              ]}
            />
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('taskManager.create.checks')}
            </Typography.Title>
            <CheckList state={checks} hasRoute={Boolean(values?.routeId)} />
            {preview && preview.close.length > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginTop: 12 }}
                title={t('taskManager.schedule.spacing')}
              />
            )}
          </div>
        )}
      </Form>
    </Drawer>
  );
}

/** The route's findings for the dock and time, as the route editor lists them. */
function CheckList({
  state,
  hasRoute,
}: {
  state: { isFetching: boolean; isError: boolean; data: RouteCheck | undefined | null };
  hasRoute: boolean;
}) {
  const { t } = useTranslation();
  const text = useTaskText();
  if (!hasRoute)
    return <Typography.Text type="secondary">{t('taskManager.create.noRouteChecks')}</Typography.Text>;
  if (state.isFetching) return <Spin description={t('taskManager.create.checking')} />;
  if (state.isError)
    return <Typography.Text type="secondary">{t('taskManager.create.checksFailed')}</Typography.Text>;
  if (state.data === undefined || state.data === null)
    return <Typography.Text type="secondary">{t('taskManager.create.checksUnavailable')}</Typography.Text>;
  if (state.data.items.length === 0)
    return (
      <Alert type="success" showIcon data-testid="task-check-ok" title={t('taskManager.create.checksOk')} />
    );
  return (
    <ul className="task-checks" data-testid="task-checks">
      {state.data.items.map((finding, index) => (
        <li key={index} data-level={finding.level} data-code={finding.code} data-testid="task-check-item">
          <Tag color={finding.level === 'block' ? 'red' : 'orange'}>
            {t(`taskManager.create.levels.${finding.level}`)}
          </Tag>
          {text.message(finding.message, {
            ...finding.params,
            ...(finding.refName ? { name: finding.refName } : {}),
          })}
          {finding.refName && ` · ${finding.refName}`}
        </li>
      ))}
    </ul>
  );
}
