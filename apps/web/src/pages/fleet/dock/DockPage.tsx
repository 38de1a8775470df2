import {
  DEVICE_TYPE_AIRCRAFT,
  DICT,
  DOCK_IMAGES_MAX,
  DOCK_STREAM_FIELDS,
  DOCK_VISIBLE,
  type Dock,
  DockSubmit,
  LOW_BATTERY_DEFAULT,
  ULTRA_LOW_BATTERY_DEFAULT,
} from '@aos/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn } from '../../../components/crud/types';
import { useAction } from '../../../components/useAction';
import { useSession } from '../../../store/session';
import { BrandSelect, DeviceSelect, ModelSelect } from '../device/inputs';
import { useCredential } from '../device/useCredential';
import { deptOptions, dockApi, resetDockCredential, updateVisibility } from './api';
import { BasicSetDialog } from './BasicSetDialog';
import { LandingPointInput } from './LandingPointInput';
import { alternatePairRule, ultraLowRule } from './rules';
import { StreamPreview } from './StreamPreview';
import './locale';

const shape = DockSubmit.shape;

/** The tenant's drones to bind; one bound to another dock is shown, disabled, with that dock's name. */
function DroneSelect(props: { value?: string; onChange?: (value: unknown) => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const editing = form.getFieldValue('id') as string | undefined;
  return (
    <DeviceSelect
      {...props}
      type={DEVICE_TYPE_AIRCRAFT}
      multiple
      field="droneIds"
      placeholder={t('crud.requiredSelect', { field: t('dock.drones') })}
      unavailable={(drone) =>
        drone.hangarId && drone.hangarId !== editing
          ? t('dock.boundTo', { name: drone.hangarName ?? '' })
          : undefined
      }
    />
  );
}

/** Shown/hidden in the row: a switch for those who may change it, a tag for the others. */
function VisibilitySwitch({ dock, can }: { dock: Dock; can: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { busy, run } = useAction({
    onDone: () => queryClient.invalidateQueries({ queryKey: ['crud', 'hangar'] }),
  });
  const shown = dock.visible === DOCK_VISIBLE;
  if (!can) return <Tag color={shown ? 'green' : 'default'}>{t(shown ? 'dock.shown' : 'dock.hidden')}</Tag>;
  return (
    <Switch
      checked={shown}
      loading={busy}
      checkedChildren={t('dock.shown')}
      unCheckedChildren={t('dock.hidden')}
      data-testid="row-visible"
      onChange={(checked) =>
        run(() => updateVisibility(dock.id, checked ? 1 : 0), {
          success: t(checked ? 'dock.nowShown' : 'dock.nowHidden', { name: dock.name }),
        })
      }
    />
  );
}

/**
 * Docks of the tenant (spec §3 "Hangar"): identity, dept, brand and dock model, the drones it holds, its
 * pictures, the five video streams and the log address, the alternate landing point and the battery alarms.
 * Rows switch a dock's visibility and open its basic settings, its streams and a credential reset; a new
 * dock's MQTT credentials are shown once, after the add. Dock control comes with the next issue.
 */
export default function DockPage() {
  const { t } = useTranslation();
  const credential = useCredential(dockApi, resetDockCredential);
  const language = useSession((state) => state.language);
  const permission = useSession((state) => state.permission);
  const [settings, setSettings] = useState<Dock>();
  const [streams, setStreams] = useState<Dock>();

  const prompt = (key: string) => t('crud.requiredSelect', { field: t(key) });
  const streamColumns: CrudColumn<Dock>[] = DOCK_STREAM_FIELDS.map((field, index) => ({
    field,
    label: `dock.${field}`,
    schema: shape[field],
    tooltip: index === 0 ? 'dock.streamHint' : undefined,
    table: false,
  }));
  const columns: CrudColumn<Dock>[] = [
    { field: 'name', label: 'dock.name', schema: shape.name, required: true, search: true, width: 130 },
    {
      field: 'serialNumber',
      label: 'dock.serialNumber',
      schema: shape.serialNumber,
      required: true,
      search: true,
      tooltip: 'dock.serialNumberHint',
      width: 170,
    },
    {
      field: 'type',
      label: 'dock.type',
      type: 'select',
      dict: { code: DICT.hangar_type },
      schema: shape.type,
      required: true,
      search: true,
      width: 110,
    },
    {
      field: 'modelId',
      label: 'dock.model',
      type: 'custom',
      schema: shape.modelId,
      required: true,
      tooltip: 'dock.modelHint',
      table: false,
      view: false,
      renderInput: (props) => (
        <ModelSelect {...(props as { value?: string })} dock placeholder={prompt('dock.model')} />
      ),
    },
    { field: 'modelName', label: 'dock.model', form: false, width: 110 },
    {
      field: 'visible',
      label: 'dock.visible',
      form: false,
      view: false,
      width: 90,
      render: (_, record) => <VisibilitySwitch dock={record} can={Boolean(permission.hangar_visibility)} />,
    },
    {
      field: 'manufacturerId',
      label: 'dock.brand',
      type: 'custom',
      schema: shape.manufacturerId,
      tooltip: 'dock.brandHint',
      table: false,
      view: false,
      renderInput: (props) => (
        <BrandSelect {...(props as { value?: string })} kind="dock" placeholder={prompt('dock.brand')} />
      ),
    },
    { field: 'manufacturerName', label: 'dock.brand', form: false, table: false },
    {
      field: 'deptId',
      label: 'dock.dept',
      type: 'tree-select',
      treeData: deptOptions,
      schema: shape.deptId,
      table: false,
      view: false,
    },
    { field: 'deptName', label: 'dock.dept', form: false, width: 130, ellipsis: true },
    {
      field: 'droneIds',
      label: 'dock.drones',
      type: 'custom',
      schema: shape.droneIds,
      tooltip: 'dock.dronesHint',
      span: 24,
      table: false,
      view: false,
      renderInput: (props) => <DroneSelect {...(props as { value?: string })} />,
    },
    {
      field: 'droneNames',
      label: 'dock.drones',
      form: false,
      width: 160,
      render: (value) =>
        String(value ?? '')
          .split(',')
          .filter(Boolean)
          .map((name) => (
            <Tag key={name} color="blue">
              {name}
            </Tag>
          )),
    },
    ...streamColumns,
    { field: 'logUrl', label: 'dock.logUrl', schema: shape.logUrl, table: false },
    {
      field: 'alternateLongitude',
      label: 'dock.alternateLongitude',
      type: 'custom',
      schema: shape.alternateLongitude,
      rules: [alternatePairRule(language, 'alternateLongitude')],
      tooltip: 'dock.alternateHint',
      table: false,
      renderInput: (props) => <LandingPointInput {...props} axis="longitude" />,
    },
    {
      field: 'alternateLatitude',
      label: 'dock.alternateLatitude',
      type: 'custom',
      schema: shape.alternateLatitude,
      rules: [alternatePairRule(language, 'alternateLatitude')],
      table: false,
      renderInput: (props) => <LandingPointInput {...props} axis="latitude" />,
    },
    {
      field: 'lowBattery',
      label: 'dock.lowBattery',
      type: 'number',
      schema: shape.lowBattery,
      required: true,
      initialValue: LOW_BATTERY_DEFAULT,
      tooltip: 'dock.lowBatteryHint',
      table: false,
    },
    {
      field: 'ultraLowBattery',
      label: 'dock.ultraLowBattery',
      type: 'number',
      schema: shape.ultraLowBattery,
      rules: [ultraLowRule(language)],
      required: true,
      initialValue: ULTRA_LOW_BATTERY_DEFAULT,
      tooltip: 'dock.ultraLowBatteryHint',
      table: false,
    },
    { field: 'safeLandHeight', label: 'dock.safeLandHeight', form: false, table: false },
    { field: 'rthAltitude', label: 'dock.rthAltitude', form: false, table: false },
    {
      field: 'outOfControlAction',
      label: 'dock.outOfControlAction',
      type: 'select',
      dict: { code: DICT.out_of_control_action },
      form: false,
      table: false,
    },
    {
      field: 'images',
      label: 'dock.images',
      type: 'image',
      max: DOCK_IMAGES_MAX,
      schema: shape.images,
      tooltip: 'dock.imagesHint',
      table: false,
      span: 24,
    },
    { field: 'remark', label: 'dock.remark', type: 'textarea', schema: shape.remark, table: false },
    { field: 'createTime', label: 'crud.createTime', form: false, width: 160 },
  ];

  return (
    <>
      <CrudPage<Dock>
        code="hangar"
        testId="dock"
        title="dock.title"
        columns={columns}
        api={credential.api}
        actionWidth={240}
        rowActions={(record, actions) => (
          <>
            {actions.can('hangar_basic_set') && (
              <Button
                type="link"
                size="small"
                data-testid="row-basic-set"
                onClick={() => setSettings(record)}
              >
                {t('dock.basicSet.action')}
              </Button>
            )}
            <Button type="link" size="small" data-testid="row-streams" onClick={() => setStreams(record)}>
              {t('dock.streams.action')}
            </Button>
            {actions.can('hangar_edit') && credential.resetButton(record, actions)}
          </>
        )}
      />
      {credential.dialog}
      <BasicSetDialog dock={settings} onClose={() => setSettings(undefined)} />
      <StreamPreview dock={streams} onClose={() => setStreams(undefined)} />
    </>
  );
}
