import { DeleteOutlined, PaperClipOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Form, Select, Space, Typography, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LonLatInput } from '../../../components/map/LonLatInput';
import { airspaceApi, uploadApprovalFile } from './api';
import './locale';

/** Most takeoff/landing positions an application carries (the contract's limit). */
const MAX_POINTS = 20;

/** Takeoff/landing positions as the form holds them: `longitude,latitude` texts, each typed or picked on a map. */
export function TakeoffPositionsField({
  value,
  onChange,
}: {
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const points = Array.isArray(value) ? (value as string[]) : [];
  const set = (next: string[]) => onChange?.(next);
  return (
    <Flex vertical gap={6} data-testid="field-takeoffPositions">
      {points.map((point, index) => (
        <Flex key={index} gap={6} align="center">
          <Typography.Text type="secondary" style={{ width: 20 }}>
            {index + 1}
          </Typography.Text>
          <div style={{ flex: 1 }}>
            <LonLatInput
              value={point}
              onChange={(text) => set(points.map((old, at) => (at === index ? text : old)))}
              placeholder={t('airspace.takeoffHint')}
              testId={`takeoff-${index}`}
            />
          </div>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('crud.delete')}
            onClick={() => set(points.filter((_, at) => at !== index))}
          />
        </Flex>
      ))}
      {points.length < MAX_POINTS && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => set([...points, ''])}
          data-testid="takeoff-add"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('airspace.addPoint')}
        </Button>
      )}
    </Flex>
  );
}

/** An approval file as the form holds it. */
export interface ApprovalFile {
  id: string;
  name: string;
  link: string;
}

/** Approval files: upload (recorded as attachments of the tenant), list with a link each, remove. */
export function ApprovalFilesField({
  value,
  onChange,
}: {
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(0);
  const files = Array.isArray(value) ? (value as ApprovalFile[]) : [];
  // several uploads finish in any order: append to the latest list, not the one of this render
  const latest = useRef(files);
  latest.current = files;
  const set = (next: ApprovalFile[]) => {
    latest.current = next;
    onChange?.(next);
  };
  return (
    <Flex vertical gap={6} data-testid="field-attachFiles">
      {files.map((file) => (
        <Flex key={file.id} gap={6} align="center" className="airspace-file">
          <PaperClipOutlined />
          <Typography.Link href={file.link} target="_blank" rel="noreferrer" ellipsis style={{ flex: 1 }}>
            {file.name}
          </Typography.Link>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('crud.delete')}
            onClick={() => set(files.filter((item) => item.id !== file.id))}
          />
        </Flex>
      ))}
      <Space>
        <Upload
          multiple
          showUploadList={false}
          customRequest={async ({ file, onSuccess, onError }) => {
            setUploading((count) => count + 1);
            try {
              const saved = await uploadApprovalFile(file as File);
              if (saved.attachId)
                set([...latest.current, { id: saved.attachId, name: saved.originalName, link: saved.link }]);
              onSuccess?.(saved);
            } catch (error) {
              onError?.(error as Error); // the HTTP layer has shown the server's message
            } finally {
              setUploading((count) => count - 1);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading > 0} data-testid="attach-upload">
            {t('airspace.upload')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('airspace.uploadHint')}</Typography.Text>
      </Space>
    </Flex>
  );
}

const TIME = 'YYYY-MM-DD HH:mm:ss';

/** The window filter of the search form: two times, held as `start~end` (either end may be open). */
export function WindowFilter({ value, onChange }: { value?: unknown; onChange?: (value: unknown) => void }) {
  const { t } = useTranslation();
  const [start, end] = typeof value === 'string' ? value.split('~') : [];
  const range: [Dayjs | null, Dayjs | null] = [
    start ? dayjs(start, TIME) : null,
    end ? dayjs(end, TIME) : null,
  ];
  return (
    <DatePicker.RangePicker
      showTime
      allowEmpty={[true, true]}
      value={range}
      placeholder={[t('airspace.startTime'), t('airspace.endTime')]}
      onChange={(next) => {
        const [from, to] = next ?? [];
        onChange?.(from || to ? `${from?.format(TIME) ?? ''}~${to?.format(TIME) ?? ''}` : undefined);
      }}
      data-testid="airspace-window-filter"
    />
  );
}

/** The aircraft: one of the tenant's; choosing it fills in its serial number and model. Optional. */
export function AircraftField({ value, onChange }: { value?: unknown; onChange?: (value: unknown) => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const aircraft = useQuery({ queryKey: ['airspace', 'aircraft'], queryFn: airspaceApi.aircraft });
  return (
    <Select
      value={typeof value === 'string' && value ? value : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={aircraft.isLoading}
      placeholder={t('airspace.aircraftHint')}
      options={(aircraft.data ?? []).map((item) => ({
        value: item.id,
        label: `${item.name} · ${item.serialNumber}`,
      }))}
      onChange={(id: string | undefined) => {
        onChange?.(id ?? null);
        const chosen = aircraft.data?.find((item) => item.id === id);
        if (chosen)
          form.setFieldsValue({
            serialNumber: chosen.serialNumber,
            ...(chosen.model ? { model: chosen.model } : {}),
          });
      }}
      data-testid="field-aircraftId"
    />
  );
}

/** Registered takeoff/landing points of the tenant, held as comma-separated ids (the API's uavAirportIds). */
export function TakeoffPointsField({
  value,
  onChange,
}: {
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const points = useQuery({ queryKey: ['airspace', 'takeoff-points'], queryFn: airspaceApi.takeoffPoints });
  const ids = typeof value === 'string' && value ? value.split(',') : [];
  return (
    <Select
      mode="multiple"
      value={ids}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={points.isLoading}
      placeholder={t('airspace.registeredPointsHint')}
      notFoundContent={t('airspace.noRegisteredPoints')}
      options={(points.data ?? []).map((point) => ({
        value: point.id,
        label: `${point.name} (${point.longitude.toFixed(5)}, ${point.latitude.toFixed(5)})`,
      }))}
      onChange={(next: string[]) => onChange?.(next.join(','))}
      data-testid="field-uavAirportIds"
    />
  );
}
