import { UploadOutlined } from '@ant-design/icons';
import type { RouteDetail, RouteImportQuery } from '@aos/contract';
import { Button, Divider, Form, Input, InputNumber, Modal, Select, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importRoute } from './api';
import { useFormDialog } from './formDialog';
import { IMPORT_MAX_BYTES, importFormatOf } from './format';
import { DockSelect } from './inputs';
import { useRouteText } from './text';

interface ImportValues extends RouteImportQuery {
  file?: File;
}

/** The fields of the form: a refusal naming another field (or none) is shown on the file. */
const FIELDS: (keyof ImportValues)[] = [
  'file',
  'name',
  'aircraftModelId',
  'payloadModelId',
  'hangarId',
  'cameraId',
  'heightM',
];

/** The file of the import (the form's `file`): picked, not uploaded until the import is sent. */
function FilePicker({
  value,
  onChange,
  onPicked,
}: {
  value?: File;
  onChange?: (file: File) => void;
  onPicked: (file: File) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space>
      <Upload
        accept=".kmz,.kml,.geojson,.json"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(chosen) => {
          onChange?.(chosen);
          onPicked(chosen);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} data-testid="route-import-file">
          {t('routeManager.importDialog.pick')}
        </Button>
      </Upload>
      {value && <Typography.Text data-testid="route-import-file-name">{value.name}</Typography.Text>}
    </Space>
  );
}

/**
 * Import a route file (toolbar "import"): a KMZ as it is (its own aircraft), a KML or GeoJSON line as a
 * waypoint route or polygon as an area route (flown with the camera and height given here). The server's
 * refusals are shown on the fields they name.
 */
export function ImportDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: (route: RouteDetail) => void;
}) {
  const { t } = useTranslation();
  const text = useRouteText();
  const [file, setFile] = useState<File>();
  const pick = (key: string) => t('crud.requiredSelect', { field: t(key) });
  const kmz = file ? importFormatOf(file.name) === 'kmz' : false;
  const { form, busy, close, submit } = useFormDialog({
    fields: FIELDS,
    fallback: 'file',
    save: ({ file: chosen, ...query }: ImportValues) => importRoute(chosen!, query),
    onClose: () => {
      setFile(undefined);
      onClose();
    },
    onSaved: onImported,
  });

  return (
    <Modal
      open={open}
      title={t('routeManager.importDialog.title')}
      onCancel={close}
      onOk={() => void submit()}
      okText={t('routeManager.importDialog.submit')}
      okButtonProps={{ loading: busy, 'data-testid': 'route-import-submit' } as never}
      width={620}
      destroyOnHidden
      data-testid="route-import-dialog"
    >
      <Form form={form} layout="vertical" data-testid="route-import-form">
        <Form.Item
          name="file"
          label={t('routeManager.importDialog.file')}
          extra={t('routeManager.importDialog.fileHint')}
          rules={[
            {
              validator: async (_rule, value: File | undefined) => {
                if (!value) throw new Error(t('routeManager.importDialog.fileRequired'));
                if (!importFormatOf(value.name)) throw new Error(t('routeManager.importDialog.fileType'));
                if (value.size > IMPORT_MAX_BYTES) throw new Error(t('routeManager.importDialog.fileSize'));
              },
            },
          ]}
        >
          <FilePicker onPicked={setFile} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('routeManager.importDialog.name')}
          extra={t('routeManager.importDialog.nameHint')}
        >
          <Input maxLength={100} allowClear data-testid="route-import-name" />
        </Form.Item>
        <Form.Item
          name="aircraftModelId"
          label={t('routeManager.aircraft')}
          extra={t('routeManager.importDialog.aircraftHint')}
          required={Boolean(file) && !kmz}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (!value && file && !kmz) throw new Error(t('routeManager.importDialog.aircraftRequired'));
              },
            },
          ]}
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={text.aircraftOptions()}
            placeholder={pick('routeManager.aircraft')}
            data-testid="route-import-aircraft"
          />
        </Form.Item>
        <Form.Item name="payloadModelId" label={t('routeManager.payload')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={text.payloadOptions()}
            placeholder={pick('routeManager.payload')}
            data-testid="route-import-payload"
          />
        </Form.Item>
        <Form.Item name="hangarId" label={t('routeManager.dock')}>
          <DockSelect placeholder={pick('routeManager.dock')} testId="route-import-dock" />
        </Form.Item>
        {!kmz && (
          <>
            <Divider titlePlacement="start" plain>
              {t('routeManager.importDialog.polygon')}
            </Divider>
            <Typography.Paragraph type="secondary">
              {t('routeManager.importDialog.polygonHint')}
            </Typography.Paragraph>
            <Form.Item name="cameraId" label={t('routeManager.importDialog.camera')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={text.cameraOptions()}
                placeholder={pick('routeManager.importDialog.camera')}
                data-testid="route-import-camera"
              />
            </Form.Item>
            <Form.Item name="heightM" label={t('routeManager.importDialog.height')}>
              <InputNumber min={10} max={1500} style={{ width: 160 }} data-testid="route-import-height" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
