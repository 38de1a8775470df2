import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { TaskExecution } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Calendar, Segmented, Space, Spin, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../components/time';
import { executionsBetween } from './api';
import {
  byDay,
  byHour,
  type CalendarView,
  countByStatus,
  daysOf,
  rangeOf,
  shift,
  shownTime,
  STATUS_COLORS,
  statusColor,
} from './calendar';
import { useTaskText } from './text';
import './locale';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** One execution on the calendar: its time, task name and status colour; a click opens its task. */
function Entry({
  execution,
  onOpen,
  compact,
}: {
  execution: TaskExecution;
  onOpen: (taskId: string) => void;
  compact?: boolean;
}) {
  const text = useTaskText();
  const color = statusColor(execution.taskStatus).hex;
  return (
    <Tooltip
      title={`${shownTime(execution).slice(0, 16)} · ${execution.taskName} · ${text.status(execution.taskStatus)}${
        execution.planLocal && execution.planLocal !== execution.planTime.slice(0, 16)
          ? ` · ${execution.planLocal}`
          : ''
      }`}
    >
      <button
        type="button"
        className={`task-entry${compact ? ' task-entry--compact' : ''}`}
        style={{ borderLeftColor: color, background: `${color}1a` }}
        data-testid="calendar-entry"
        data-task={execution.taskId}
        data-status={execution.taskStatus}
        onClick={(event) => {
          event.stopPropagation();
          onOpen(execution.taskId);
        }}
      >
        <span className="task-entry-time">{shownTime(execution).slice(11, 16)}</span>
        <span className="task-entry-name">{execution.taskName}</span>
      </button>
    </Tooltip>
  );
}

/** Hours down, one column per day (the day and week views). */
function HourGrid({
  days,
  executions,
  today,
  onOpen,
}: {
  days: string[];
  executions: TaskExecution[];
  today: string;
  onOpen: (taskId: string) => void;
}) {
  const { t } = useTranslation();
  const perDay = days.map((day) => byHour(executions, day));
  return (
    <div
      className="task-hours"
      style={{ gridTemplateColumns: `56px repeat(${days.length}, minmax(0, 1fr))` }}
      data-testid="calendar-hours"
    >
      <div className="task-hours-corner" />
      {days.map((day) => (
        <div key={day} className={`task-hours-day${day === today ? ' task-hours-day--today' : ''}`}>
          {days.length > 1 && t(`taskManager.calendar.weekdays.${dayjs(day).day()}`)} {day.slice(5)}
        </div>
      ))}
      {HOURS.map((hour) => (
        <div key={hour} className="task-hours-row" style={{ display: 'contents' }}>
          <div className="task-hours-label">{String(hour).padStart(2, '0')}:00</div>
          {perDay.map((hours, index) => (
            <div key={days[index]} className="task-hours-cell" data-day={days[index]} data-hour={hour}>
              {(hours.get(hour) ?? []).map((execution) => (
                <Entry key={execution.id} execution={execution} onOpen={onOpen} compact={days.length > 1} />
              ))}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * The task calendar: the executions planned or flown in a day, a week or a month (`taskextra/queryListByTime`),
 * in the server's zone like every time of the console, coloured by status; a click on one opens its task.
 */
export function TaskCalendar({
  onOpen,
  refreshKey,
}: {
  onOpen: (taskId: string) => void;
  refreshKey: number;
}) {
  const { t } = useTranslation();
  const text = useTaskText();
  const today = formatDate(Date.now());
  const [view, setView] = useState<CalendarView>('week');
  const [date, setDate] = useState(today);
  const range = rangeOf(view, date);
  const executions = useQuery({
    queryKey: ['task-calendar', range.startTime, range.endTime, refreshKey],
    queryFn: () => executionsBetween(range),
    refetchInterval: 15_000,
  });
  const list = executions.data ?? [];
  const days = byDay(list);
  const counts = countByStatus(list);
  const shown = daysOf(view, date);
  const title =
    view === 'month'
      ? date.slice(0, 7)
      : view === 'week'
        ? `${shown[0]} – ${shown.at(-1)}`
        : `${date} ${t(`taskManager.calendar.weekdays.${dayjs(date).day()}`)}`;

  return (
    <div className="task-calendar" data-testid="task-calendar" data-view={view} data-start={range.startTime}>
      <div className="task-calendar-bar">
        <Space>
          <Button
            icon={<LeftOutlined />}
            onClick={() => setDate(shift(view, date, -1))}
            data-testid="calendar-prev"
            aria-label={t('taskManager.calendar.previous')}
          />
          <Button onClick={() => setDate(today)} data-testid="calendar-today">
            {t('taskManager.calendar.today')}
          </Button>
          <Button
            icon={<RightOutlined />}
            onClick={() => setDate(shift(view, date, 1))}
            data-testid="calendar-next"
            aria-label={t('taskManager.calendar.next')}
          />
          <Typography.Text strong data-testid="calendar-title">
            {title}
          </Typography.Text>
          {executions.isFetching && <Spin size="small" />}
        </Space>
        <Segmented<CalendarView>
          value={view}
          onChange={setView}
          data-testid="calendar-view"
          options={(['day', 'week', 'month'] as const).map((value) => ({
            value,
            label: t(`taskManager.calendar.${value}`),
          }))}
        />
      </div>
      <div className="task-calendar-legend" data-testid="calendar-legend">
        {Object.entries(STATUS_COLORS).map(([status, color]) => (
          <Badge
            key={status}
            color={color.hex}
            text={`${text.status(Number(status))} ${counts.get(Number(status)) ?? 0}`}
          />
        ))}
      </div>
      {view === 'month' ? (
        <Calendar
          value={dayjs(date)}
          headerRender={() => null}
          onSelect={(value, info) => {
            if (info.source === 'date') {
              setDate(value.format('YYYY-MM-DD'));
              setView('day');
            }
          }}
          fullCellRender={(value, info) => {
            if (info.type !== 'date') return info.originNode;
            const day = value.format('YYYY-MM-DD');
            const entries = days.get(day) ?? [];
            return (
              <div
                className={`task-month-cell${day.slice(0, 7) === date.slice(0, 7) ? '' : ' task-month-cell--other'}${day === today ? ' task-month-cell--today' : ''}`}
                data-day={day}
              >
                <div className="task-month-date">{value.date()}</div>
                {entries.slice(0, 3).map((execution) => (
                  <Entry key={execution.id} execution={execution} onOpen={onOpen} compact />
                ))}
                {entries.length > 3 && (
                  <Typography.Text type="secondary" className="task-month-more">
                    {t('taskManager.calendar.more', { count: entries.length - 3 })}
                  </Typography.Text>
                )}
              </div>
            );
          }}
        />
      ) : (
        <HourGrid days={shown} executions={list} today={today} onOpen={onOpen} />
      )}
    </div>
  );
}
