import {
  DEVICE_TYPE_AIRCRAFT,
  DICT,
  DOCK_IMAGES_MAX,
  DOCK_STREAM_FIELDS,
  DOCK_VISIBLE,
  type Hangar,
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
import { hangarApi, resetHangarCredential, teamOptions, updateVisibility } from './api';
import { BasicSetDialog } from './BasicSetDialog';
import { LandingPointInput } from './LandingPointInput';
import { alternatePairRule, ultraLowRule } from './rules';
import { StreamPreview } from './StreamPreview';

const shape = DockSubmit.shape;

/** The tenant's aircraft to bind; one bound to another dock is shown, disabled, with that dock's name. */
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
      placeholder={t('crud.requiredSelect', { field: t('hangar.drones') })}
      unavailable={(drone) =>
        drone.hangarId && drone.hangarId !== editing
          ? t('hangar.boundTo', { name: drone.hangarName ?? '' })
          : undefined
      }
    />
  );
}

/** Shown/hidden in the row: a switch for those who may change it, a tag for the others. */
function VisibilitySwitch({ hangar, can }: { hangar: Hangar; can: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { busy, run } = useAction({
    onDone: () => queryClient.invalidateQueries({ queryKey: ['crud', 'hangar'] }),
  });
  const shown = hangar.visible === DOCK_VISIBLE;
  if (!can)
    return <Tag color={shown ? 'green' : 'default'}>{t(shown ? 'hangar.shown' : 'hangar.hidden')}</Tag>;
  return (
    <Switch
      checked={shown}
      loading={busy}
      checkedChildren={t('hangar.shown')}
      unCheckedChildren={t('hangar.hidden')}
      data-testid="row-visible"
      onChange={(checked) =>
        run(() => updateVisibility(hangar.id, checked ? 1 : 0), {
          success: t(checked ? 'hangar.nowShown' : 'hangar.nowHidden', { name: hangar.name }),
        })
      }
    />
  );
}

/**
 * Docks of the tenant (spec §3 "Hangar"): identity, team, brand and dock model, the aircraft it holds, its
 * pictures, the five video streams and the log address, the alternate landing point and the battery alarms.
 * Rows switch a dock's visibility and open its basic settings, its streams and a credential reset; a new
 * dock's MQTT credentials are shown once, after the add. Dock control comes with the next issue.
 */
export default function HangarPage() {
  const { t } = useTranslation();
  const credential = useCredential(hangarApi, resetHangarCredential);
  const language = useSession((state) => state.language);
  const permission = useSession((state) => state.permission);
  const [settings, setSettings] = useState<Hangar>();
  const [streams, setStreams] = useState<Hangar>();

  const prompt = (key: string) => t('crud.requiredSelect', { field: t(key) });
  const streamColumns: CrudColumn<Hangar>[] = DOCK_STREAM_FIELDS.map((field, index) => ({
    field,
    label: `hangar.${field}`,
    schema: shape[field],
    tooltip: index === 0 ? 'hangar.streamHint' : undefined,
    table: false,
  }));
  const columns: CrudColumn<Hangar>[] = [
    { field: 'name', label: 'hangar.name', schema: shape.name, required: true, search: true, width: 130 },
    {
      field: 'serialNumber',
      label: 'hangar.serialNumber',
      schema: shape.serialNumber,
      required: true,
      search: true,
      tooltip: 'hangar.serialNumberHint',
      width: 170,
    },
    {
      field: 'type',
      label: 'hangar.type',
      type: 'select',
      dict: { code: DICT.hangar_type },
      schema: shape.type,
      required: true,
      search: true,
      width: 110,
    },
    {
      field: 'modelId',
      label: 'hangar.model',
      type: 'custom',
      schema: shape.modelId,
      required: true,
      tooltip: 'hangar.modelHint',
      table: false,
      view: false,
      renderInput: (props) => (
        <ModelSelect {...(props as { value?: string })} dock placeholder={prompt('hangar.model')} />
      ),
    },
    { field: 'modelName', label: 'hangar.model', form: false, width: 110 },
    {
      field: 'visible',
      label: 'hangar.visible',
      form: false,
      view: false,
      width: 90,
      render: (_, record) => <VisibilitySwitch hangar={record} can={Boolean(permission.hangar_visibility)} />,
    },
    {
      field: 'manufacturerId',
      label: 'hangar.brand',
      type: 'custom',
      schema: shape.manufacturerId,
      tooltip: 'hangar.brandHint',
      table: false,
      view: false,
      renderInput: (props) => (
        <BrandSelect {...(props as { value?: string })} kind="dock" placeholder={prompt('hangar.brand')} />
      ),
    },
    { field: 'manufacturerName', label: 'hangar.brand', form: false, table: false },
    {
      field: 'deptId',
      label: 'hangar.team',
      type: 'tree-select',
      treeData: teamOptions,
      schema: shape.deptId,
      table: false,
      view: false,
    },
    { field: 'deptName', label: 'hangar.team', form: false, width: 130, ellipsis: true },
    {
      field: 'droneIds',
      label: 'hangar.drones',
      type: 'custom',
      schema: shape.droneIds,
      tooltip: 'hangar.dronesHint',
      span: 24,
      table: false,
      view: false,
      renderInput: (props) => <DroneSelect {...(props as { value?: string })} />,
    },
    {
      field: 'droneNames',
      label: 'hangar.drones',
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
    { field: 'logUrl', label: 'hangar.logUrl', schema: shape.logUrl, table: false },
    {
      field: 'alternateLongitude',
      label: 'hangar.alternateLongitude',
      type: 'custom',
      schema: shape.alternateLongitude,
      rules: [alternatePairRule(language, 'alternateLongitude')],
      tooltip: 'hangar.alternateHint',
      table: false,
      renderInput: (props) => <LandingPointInput {...props} axis="longitude" />,
    },
    {
      field: 'alternateLatitude',
      label: 'hangar.alternateLatitude',
      type: 'custom',
      schema: shape.alternateLatitude,
      rules: [alternatePairRule(language, 'alternateLatitude')],
      table: false,
      renderInput: (props) => <LandingPointInput {...props} axis="latitude" />,
    },
    {
      field: 'lowBattery',
      label: 'hangar.lowBattery',
      type: 'number',
      schema: shape.lowBattery,
      required: true,
      initialValue: LOW_BATTERY_DEFAULT,
      tooltip: 'hangar.lowBatteryHint',
      table: false,
    },
    {
      field: 'ultraLowBattery',
      label: 'hangar.ultraLowBattery',
      type: 'number',
      schema: shape.ultraLowBattery,
      rules: [ultraLowRule(language)],
      required: true,
      initialValue: ULTRA_LOW_BATTERY_DEFAULT,
      tooltip: 'hangar.ultraLowBatteryHint',
      table: false,
    },
    { field: 'safeLandHeight', label: 'hangar.safeLandHeight', form: false, table: false },
    { field: 'rthAltitude', label: 'hangar.rthAltitude', form: false, table: false },
    {
      field: 'outOfControlAction',
      label: 'hangar.outOfControlAction',
      type: 'select',
      dict: { code: DICT.out_of_control_action },
      form: false,
      table: false,
    },
    {
      field: 'images',
      label: 'hangar.images',
      type: 'image',
      max: DOCK_IMAGES_MAX,
      schema: shape.images,
      tooltip: 'hangar.imagesHint',
      table: false,
      span: 24,
    },
    { field: 'remark', label: 'hangar.remark', type: 'textarea', schema: shape.remark, table: false },
    { field: 'createTime', label: 'crud.createTime', form: false, width: 160 },
  ];

  return (
    <>
      <CrudPage<Hangar>
        code="hangar"
        title="hangar.title"
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
                {t('hangar.basicSet.action')}
              </Button>
            )}
            <Button type="link" size="small" data-testid="row-streams" onClick={() => setStreams(record)}>
              {t('hangar.streams.action')}
            </Button>
            {actions.can('hangar_edit') && credential.resetButton(record, actions)}
          </>
        )}
      />
      {credential.dialog}
      <BasicSetDialog hangar={settings} onClose={() => setSettings(undefined)} />
      <StreamPreview hangar={streams} onClose={() => setStreams(undefined)} />
    </>
  );
}
