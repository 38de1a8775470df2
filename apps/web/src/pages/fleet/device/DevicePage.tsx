import {
  DEVICE_STATUS_NORMAL,
  DEVICE_TYPE_AIRCRAFT,
  DEVICE_TYPE_DATALINK,
  DEVICE_TYPE_PAYLOAD,
  DEVICE_TYPES,
  DICT,
  type Device,
  DeviceSubmit,
} from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../components/crud/CrudPage';
import type { CrudColumn, Option } from '../../../components/crud/types';
import { useSession } from '../../../store/session';
import { deviceApi, numericDictionary, resetDeviceCredential } from './api';
import { BrandSelect, DeviceSelect, ModelSelect, NumberSelect } from './inputs';
import { useCredential } from './useCredential';
import './locale';

const shape = DeviceSubmit.shape;

/** A numeric dictionary's options for this screen (cached like the CRUD dictionaries, per language). */
function useNumericDictionary(code: string, keep?: readonly number[]): Option[] {
  const language = useSession((state) => state.language);
  const query = useQuery({
    queryKey: ['numeric-dictionary', code, language, keep],
    queryFn: () => numericDictionary(code, keep),
    staleTime: 5 * 60_000,
  });
  return query.data ?? [];
}

/**
 * Devices of the tenant (spec §3 "Device"): drones (device type "aircraft"), payloads, data links and remote
 * controllers. The model comes from the catalogue of the chosen type and prefills the nominal figures; only a
 * drone carries payloads and a data link, so those fields appear for drones only. A new device's MQTT
 * credentials are shown once, after the add; "reset credentials" issues new ones.
 */
export default function DevicePage() {
  const { t } = useTranslation();
  const credential = useCredential(deviceApi, resetDeviceCredential);
  const [isDrone, setIsDrone] = useState(false);
  const types = useNumericDictionary(DICT.device_type, DEVICE_TYPES);
  const statuses = useNumericDictionary(DICT.device_status);

  const prompt = (key: string) => t('crud.requiredSelect', { field: t(key) });
  const columns: CrudColumn<Device>[] = [
    { field: 'name', label: 'device.name', schema: shape.name, required: true, search: true, width: 130 },
    {
      field: 'serialNumber',
      label: 'device.serialNumber',
      schema: shape.serialNumber,
      required: true,
      search: true,
      tooltip: 'device.serialNumberHint',
      width: 190,
    },
    // the type twice: a plain select to search and show, and in the form one that shows the drone fields
    {
      field: 'type',
      label: 'device.type',
      type: 'select',
      options: types,
      search: true,
      form: false,
      width: 90,
    },
    {
      field: 'type',
      label: 'device.type',
      type: 'custom',
      schema: shape.type,
      required: true,
      table: false,
      view: false,
      renderInput: (props) => (
        <NumberSelect
          {...(props as { value?: number })}
          options={types}
          field="type"
          placeholder={prompt('device.type')}
          onValue={(type) => setIsDrone(type === DEVICE_TYPE_AIRCRAFT)}
        />
      ),
    },
    {
      field: 'modelId',
      label: 'device.model',
      type: 'custom',
      schema: shape.modelId,
      tooltip: 'device.modelHint',
      table: false,
      view: false,
      renderInput: (props) => (
        <ModelSelect {...(props as { value?: string })} prefill placeholder={prompt('device.model')} />
      ),
    },
    { field: 'modelName', label: 'device.model', form: false, width: 110 },
    {
      field: 'manufacturerId',
      label: 'device.brand',
      type: 'custom',
      schema: shape.manufacturerId,
      tooltip: 'device.brandHint',
      table: false,
      view: false,
      renderInput: (props) => (
        <BrandSelect {...(props as { value?: string })} placeholder={prompt('device.brand')} />
      ),
    },
    { field: 'manufacturerName', label: 'device.brand', form: false, width: 110 },
    {
      field: 'hangarName',
      label: 'device.dock',
      form: false,
      width: 120,
      render: (value) => (value ? <Tag color="blue">{String(value)}</Tag> : null),
    },
    {
      field: 'status',
      label: 'device.status',
      type: 'select',
      options: statuses,
      schema: shape.status,
      required: true,
      initialValue: DEVICE_STATUS_NORMAL,
      search: true,
      width: 90,
      render: (value) => (
        <Tag color={value === DEVICE_STATUS_NORMAL ? 'green' : 'default'}>
          {statuses.find((option) => option.value === value)?.label ?? String(value ?? '')}
        </Tag>
      ),
    },
    { field: 'power', label: 'device.power', type: 'number', schema: shape.power, table: false },
    {
      field: 'takeoffWeight',
      label: 'device.takeoffWeight',
      type: 'number',
      schema: shape.takeoffWeight,
      table: false,
    },
    { field: 'load', label: 'device.load', type: 'number', schema: shape.load, table: false },
    {
      field: 'flightSpeed',
      label: 'device.flightSpeed',
      type: 'number',
      schema: shape.flightSpeed,
      table: false,
    },
    {
      field: 'payloadIds',
      label: 'device.payloads',
      type: 'custom',
      schema: shape.payloadIds,
      form: isDrone,
      table: false,
      view: false,
      renderInput: (props) => (
        <DeviceSelect
          {...(props as { value?: string })}
          type={DEVICE_TYPE_PAYLOAD}
          multiple
          field="payloadIds"
          placeholder={prompt('device.payloads')}
        />
      ),
    },
    {
      field: 'datalinkId',
      label: 'device.datalink',
      type: 'custom',
      schema: shape.datalinkId,
      form: isDrone,
      table: false,
      view: false,
      renderInput: (props) => (
        <DeviceSelect
          {...(props as { value?: string })}
          type={DEVICE_TYPE_DATALINK}
          field="datalinkId"
          placeholder={prompt('device.datalink')}
        />
      ),
    },
    {
      field: 'payloadNames',
      label: 'device.payloads',
      form: false,
      table: false,
      render: (value) =>
        String(value ?? '')
          .split(',')
          .filter(Boolean)
          .map((name) => <Tag key={name}>{name}</Tag>),
    },
    { field: 'datalinkName', label: 'device.datalink', form: false, table: false },
    { field: 'iotCard', label: 'device.iotCard', schema: shape.iotCard, table: false },
    { field: 'fingerprint', label: 'device.fingerprint', schema: shape.fingerprint, table: false },
    { field: 'address', label: 'device.address', schema: shape.address, table: false, span: 24 },
    { field: 'createUserName', label: 'device.creator', form: false, width: 90 },
    { field: 'createTime', label: 'crud.createTime', form: false, width: 160 },
    { field: 'remark', label: 'device.remark', type: 'textarea', schema: shape.remark, table: false },
    {
      field: 'image',
      label: 'device.image',
      type: 'image',
      schema: shape.image,
      tooltip: 'device.imageHint',
      table: false,
      span: 24,
    },
  ];

  return (
    <>
      <CrudPage<Device>
        code="device"
        title="device.title"
        columns={columns}
        api={credential.api}
        actionWidth={230}
        rowActions={(record, actions) =>
          actions.can('device_edit') && credential.resetButton(record, actions)
        }
      />
      {credential.dialog}
    </>
  );
}
