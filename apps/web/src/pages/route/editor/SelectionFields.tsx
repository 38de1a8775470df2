import { HEADING_MODES, TURN_MODES } from '@aos/contract';
import { Button, Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  deleteWaypoints,
  editWaypoints,
  type EditorDesign,
  sharedValue,
  type WaypointInput,
  type WaypointPatch,
} from './design';
import WaypointActions from './WaypointActions';

export interface SelectionFieldsProps {
  design: EditorDesign;
  waypoints: WaypointInput[];
  /** the selected waypoints' indexes, in order */
  selection: number[];
  setSelected(selected: ReadonlySet<number>): void;
  change(design: EditorDesign, key?: string): void;
  problem(path: string): string | undefined;
}

/** The selected waypoints, edited together: a value shared by all is shown, a mixed one is left as it is. */
export default function SelectionFields({
  design,
  waypoints,
  selection,
  setSelected,
  change,
  problem,
}: SelectionFieldsProps) {
  const { t } = useTranslation();
  const patchSelected = (patch: WaypointPatch, key: string) =>
    change(editWaypoints(design, selection, patch), `multi:${key}:${selection.join(',')}`);
  const shared = (key: keyof WaypointInput) => sharedValue(design, selection, key);
  return (
    <>
      <h3>{t('routeEditor.waypoints')}</h3>
      {selection.length === 0 ? (
        <Space wrap>
          <span className="route-editor-muted">{waypoints.length}</span>
          {waypoints.length > 0 && (
            <Button
              size="small"
              onClick={() => setSelected(new Set(waypoints.map((_, index) => index)))}
              data-testid="route-editor-select-all"
            >
              {t('routeEditor.selectAll')}
            </Button>
          )}
        </Space>
      ) : (
        <Form layout="vertical" size="small" component="div" data-testid="route-editor-selection">
          <Space wrap style={{ marginBottom: 8 }}>
            <strong data-testid="route-editor-selected-count">
              {t('routeEditor.selected', { count: selection.length })}
            </strong>
            <Button size="small" onClick={() => setSelected(new Set())}>
              {t('routeEditor.clearSelection')}
            </Button>
            <Button
              size="small"
              danger
              onClick={() => {
                change(deleteWaypoints(design, selection));
                setSelected(new Set());
              }}
              data-testid="route-editor-delete"
            >
              {t('routeEditor.deleteSelected')}
            </Button>
          </Space>
          {(
            [
              ['heightM', t('routeEditor.heightM'), 'sel-height'],
              ['speedMS', t('routeEditor.speed'), 'sel-speed'],
              ['gimbalPitchDeg', t('routeEditor.gimbalPitch'), 'sel-pitch'],
            ] as const
          ).map(([key, label, testId]) => {
            const value = shared(key);
            const path = selection.length === 1 ? `params.waypoints.${selection[0]}.${key}` : '';
            const text = path
              ? problem(path)
              : selection.map((i) => problem(`params.waypoints.${i}.${key}`)).find(Boolean);
            return (
              <Form.Item key={key} label={label} validateStatus={text ? 'error' : undefined} help={text}>
                <InputNumber
                  style={{ width: '100%' }}
                  value={typeof value === 'number' ? value : null}
                  placeholder={value === 'mixed' ? t('routeEditor.mixed') : t('routeEditor.useDefault')}
                  onChange={(next) => patchSelected({ [key]: typeof next === 'number' ? next : null }, key)}
                  data-testid={testId}
                />
              </Form.Item>
            );
          })}
          <Form.Item label={t('routeEditor.headingMode')}>
            <Select
              allowClear
              value={
                (shared('headingMode') === 'mixed'
                  ? undefined
                  : (shared('headingMode') as string | undefined)) ?? undefined
              }
              placeholder={
                shared('headingMode') === 'mixed' ? t('routeEditor.mixed') : t('routeEditor.useDefault')
              }
              options={HEADING_MODES.map((mode) => ({
                value: mode,
                label: t(`routeEditor.headingModes.${mode}`),
              }))}
              onChange={(value: string | undefined) =>
                patchSelected({ headingMode: value ?? null }, 'headingMode')
              }
            />
          </Form.Item>
          <Form.Item label={t('routeEditor.heading')}>
            <InputNumber
              style={{ width: '100%' }}
              value={typeof shared('headingDeg') === 'number' ? (shared('headingDeg') as number) : null}
              placeholder={
                shared('headingDeg') === 'mixed' ? t('routeEditor.mixed') : t('routeEditor.useDefault')
              }
              onChange={(next) =>
                patchSelected({ headingDeg: typeof next === 'number' ? next : null }, 'headingDeg')
              }
            />
          </Form.Item>
          <Form.Item label={t('routeEditor.turnMode')}>
            <Select
              allowClear
              value={
                (shared('turnMode') === 'mixed' ? undefined : (shared('turnMode') as string | undefined)) ??
                undefined
              }
              placeholder={
                shared('turnMode') === 'mixed' ? t('routeEditor.mixed') : t('routeEditor.useDefault')
              }
              options={TURN_MODES.map((mode) => ({
                value: mode,
                label: t(`routeEditor.turnModes.${mode}`),
              }))}
              onChange={(value: string | undefined) => patchSelected({ turnMode: value ?? null }, 'turnMode')}
            />
          </Form.Item>
          <WaypointActions
            value={shared('actions') as WaypointInput['actions'] | 'mixed'}
            onChange={(actions) => patchSelected({ actions }, 'actions')}
          />
        </Form>
      )}
    </>
  );
}
