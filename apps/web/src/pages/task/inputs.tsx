import { CloseOutlined } from '@ant-design/icons';
import { Button, Tag, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import './locale';

/** Form bindings that keep the form's values as the contract's texts while the pickers work on Dayjs. */
export const textDate = (format: string) => ({
  getValueProps: (value: unknown) => ({ value: value ? dayjs(String(value), format) : undefined }),
  normalize: (value: Dayjs | null) => (value ? value.format(format) : undefined),
});
export const textTime = {
  getValueProps: (value: unknown) => ({ value: value ? dayjs(`2000-01-01 ${String(value)}`) : undefined }),
  normalize: (value: Dayjs | null) => (value ? value.format('HH:mm') : undefined),
};
export const textDates = {
  getValueProps: (value: unknown) => ({
    value: Array.isArray(value) ? value.map((date) => dayjs(String(date))) : [],
  }),
  normalize: (value: Dayjs[] | null) => (value ?? []).map((date) => date.format('YYYY-MM-DD')).sort(),
};

/** Several times of day (`HH:mm`): the chosen ones as tags, a picker to add one. */
export function TimesInput({
  value = [],
  onChange,
}: {
  value?: string[];
  onChange?: (times: string[]) => void;
}) {
  const { t } = useTranslation();
  const add = (time: Dayjs | null) => {
    if (!time) return;
    const text = time.format('HH:mm');
    onChange?.([...new Set([...value, text])].sort());
  };
  return (
    <div className="task-times" data-testid="schedule-times">
      {value.map((time) => (
        <Tag key={time} className="task-time-tag" data-testid="schedule-time">
          {time}
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('taskManager.schedule.removeTime', { time })}
            onClick={() => onChange?.(value.filter((other) => other !== time))}
          />
        </Tag>
      ))}
      <TimePicker
        format="HH:mm"
        minuteStep={5}
        value={null}
        needConfirm={false}
        placeholder={t('taskManager.schedule.addTime')}
        onChange={add}
        data-testid="schedule-add-time"
      />
    </div>
  );
}
