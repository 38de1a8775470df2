import {
  AIRSPACE_STATUSES,
  AirspaceSubmit,
  type Airspace,
  type AirspaceStatus,
  type Language,
  LonLatText,
  timeRangeError,
  translate,
} from '@aos/contract';
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { CrudColumn } from '../../../components/crud/types';
import { GeometryField } from '../../../components/map/editor/GeometryField';
import {
  AircraftField,
  ApprovalFilesField,
  TakeoffPointsField,
  TakeoffPositionsField,
  WindowFilter,
} from './fields';
import { STATUS_TAGS } from './status';
import './locale';

const submit = AirspaceSubmit.shape;

/** A required text whose own message (spec §5: "Airspace requires ...") is shown when it is left empty. */
const ownRequired = (schema: z.ZodType) => z.preprocess((value) => value ?? '', schema);

/** The form's takeoff/landing positions: `longitude,latitude` texts (spec §5 coordinates). */
const TakeoffTexts = z.array(LonLatText).max(20, { message: 'gis.tooManyPositions' }).optional();

/** The status as a coloured tag. */
export function StatusTag({ status, t }: { status: AirspaceStatus; t: TFunction }) {
  return (
    <Tag color={STATUS_TAGS[status]} data-testid="airspace-status" data-status={status}>
      {t(`airspace.statuses.${status}`)}
    </Tag>
  );
}

/** `start ~ end`, or a dash for an imported draft without its window yet. */
export const windowText = (record: Pick<Airspace, 'startTime' | 'endTime'>) =>
  record.startTime || record.endTime ? `${record.startTime ?? '…'} ~ ${record.endTime ?? '…'}` : '—';

/**
 * The screen's fields: table, search (name, status, window) and the add/edit form with every field of spec §3
 * Airspace, each checked by the contract's schema (the server checks the same).
 */
export function airspaceColumns(t: TFunction, language: Language): CrudColumn<Airspace>[] {
  return [
    {
      field: 'name',
      label: 'airspace.name',
      schema: submit.name,
      required: true,
      search: true,
      width: 140,
      render: (value) => <Typography.Text strong>{String(value ?? '')}</Typography.Text>,
    },
    {
      field: 'approvalStatus',
      label: 'airspace.status',
      type: 'select',
      options: AIRSPACE_STATUSES.map((status) => ({ value: status, label: `airspace.statuses.${status}` })),
      search: true,
      form: false,
      view: false,
      width: 100,
      render: (value) => <StatusTag status={value as AirspaceStatus} t={t} />,
    },
    {
      field: 'window',
      label: 'airspace.window',
      type: 'custom',
      search: true,
      form: false,
      view: false,
      width: 170,
      tooltip: 'airspace.windowHint',
      renderInput: ({ value, onChange }) => <WindowFilter value={value} onChange={onChange} />,
      render: (_, record) =>
        record.startTime || record.endTime ? (
          <span className="airspace-window">
            <span>{record.startTime ?? '…'}</span>
            <span>{record.endTime ?? '…'}</span>
          </span>
        ) : (
          '—'
        ),
    },
    {
      field: 'aircraftName',
      label: 'airspace.aircraft',
      form: false,
      width: 110,
      render: (value) => (value ? String(value) : '—'),
    },
    {
      field: 'aircraftId',
      label: 'airspace.aircraft',
      type: 'custom',
      table: false,
      view: false,
      tooltip: 'airspace.aircraftTip',
      renderInput: ({ value, onChange }) => <AircraftField value={value} onChange={onChange} />,
    },
    {
      field: 'serialNumber',
      label: 'airspace.serialNumber',
      schema: ownRequired(submit.serialNumber),
      required: true,
      width: 150,
    },
    {
      field: 'model',
      label: 'airspace.model',
      schema: ownRequired(submit.model),
      required: true,
      width: 120,
    },
    {
      field: 'registrationNumber',
      label: 'airspace.registrationNumber',
      schema: ownRequired(submit.registrationNumber),
      required: true,
      table: false,
    },
    {
      field: 'taskNature',
      label: 'airspace.taskNature',
      type: 'select',
      dict: { code: 'task_nature', biz: true },
      schema: submit.taskNature,
      required: true,
      table: false,
    },
    {
      field: 'contactPerson',
      label: 'airspace.contactPerson',
      schema: ownRequired(submit.contactPerson),
      required: true,
      table: false,
    },
    { field: 'phone', label: 'airspace.phone', schema: submit.phone, required: true, table: false },
    {
      field: 'startTime',
      label: 'airspace.startTime',
      type: 'datetime',
      schema: submit.startTime,
      required: true,
      table: false,
    },
    {
      field: 'endTime',
      label: 'airspace.endTime',
      type: 'datetime',
      schema: submit.endTime,
      required: true,
      table: false,
      rules: [
        ({ getFieldValue }) => ({
          validator: async (_: unknown, end: unknown) => {
            if (timeRangeError(getFieldValue('startTime'), end) === 'timeOrder')
              throw new Error(translate(language, 'validation.timeOrder'));
          },
        }),
      ],
    },
    {
      field: 'ceiling',
      label: 'airspace.ceiling',
      type: 'number',
      schema: submit.ceiling,
      required: true,
      width: 90,
      render: (value) => (typeof value === 'number' ? `${value} m` : '—'),
    },
    {
      field: 'applicant',
      label: 'airspace.applicant',
      schema: submit.applicant,
      tooltip: 'airspace.applicantHint',
      width: 110,
    },
    {
      field: 'statusTime',
      label: 'airspace.lastChange',
      form: false,
      width: 170,
      render: (_, record) =>
        record.statusTime ? (
          <span className="airspace-change">
            <span>{record.statusUserName ?? t('airspace.platform')}</span>
            <Typography.Text type="secondary">{record.statusTime}</Typography.Text>
          </span>
        ) : (
          '—'
        ),
    },
    { field: 'remark', label: 'airspace.remark', type: 'textarea', schema: submit.remark, table: false },
    {
      field: 'uavAirportIds',
      label: 'airspace.registeredPoints',
      type: 'custom',
      span: 24,
      table: false,
      view: false,
      renderInput: ({ value, onChange }) => <TakeoffPointsField value={value} onChange={onChange} />,
    },
    {
      field: 'takeoffPositions',
      label: 'airspace.otherPoints',
      type: 'custom',
      schema: TakeoffTexts,
      span: 24,
      table: false,
      renderInput: ({ value, onChange }) => <TakeoffPositionsField value={value} onChange={onChange} />,
    },
    {
      field: 'attachIds',
      label: 'airspace.attachFiles',
      type: 'custom',
      span: 24,
      table: false,
      renderInput: ({ value, onChange }) => <ApprovalFilesField value={value} onChange={onChange} />,
    },
    {
      field: 'geometry',
      label: 'airspace.geometry',
      type: 'custom',
      schema: submit.geometry,
      required: true,
      span: 24,
      table: false,
      tooltip: 'airspace.geometryHint',
      renderInput: ({ value, onChange }) => (
        <GeometryField value={value} onChange={onChange} name="airspace" />
      ),
    },
  ];
}
