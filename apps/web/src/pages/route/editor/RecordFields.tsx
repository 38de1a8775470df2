import {
  cameraForRoute,
  type DockOption,
  type Language,
  ROUTE_AIRCRAFT,
  ROUTE_PAYLOADS,
  translate,
} from '@aos/contract';
import { Alert, Checkbox, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldKit } from './fields';

/** The route's record: name, aircraft and payload, dock, public flag. */
export interface Basics {
  name: string;
  aircraftModelId: string;
  payloadModelId: string | null;
  hangarId: string | null;
  manufacturerId: string | null;
  isPublic: number;
}

export interface RecordFieldsProps {
  kit: FieldKit;
  language: Language;
  basics: Basics;
  editBasics(patch: Partial<Basics>): void;
  docks: DockOption[];
  nameMissing: boolean;
  setNameMissing(missing: boolean): void;
  serverIssues: Record<string, string>;
  /** a mapping route follows the payload's camera */
  mapping: boolean;
  cameraId: unknown;
  setParam(name: string, value: unknown): void;
  readOnly: boolean;
}

/** The record part of the editor's panel (and why a file-only route cannot be edited). */
export default function RecordFields({
  kit: { item },
  language,
  basics,
  editBasics,
  docks,
  nameMissing,
  setNameMissing,
  serverIssues,
  mapping,
  cameraId,
  setParam,
  readOnly,
}: RecordFieldsProps) {
  const { t } = useTranslation();
  const modelName = (model: { name: string; nameEn: string }) =>
    language === 'en-US' ? model.nameEn : model.name;
  const params = { cameraId };
  return (
    <>
      <h3>{t('routeEditor.basics')}</h3>
      <Form.Item
        label={t('routeEditor.name')}
        required
        validateStatus={nameMissing || serverIssues.name ? 'error' : undefined}
        help={serverIssues.name ?? (nameMissing ? t('routeEditor.nameRequired') : undefined)}
      >
        <Input
          value={basics.name}
          maxLength={100}
          onChange={(event) => {
            editBasics({ name: event.target.value });
            setNameMissing(false);
          }}
          data-testid="route-editor-name"
        />
      </Form.Item>
      {item(
        t('routeEditor.aircraft'),
        'aircraftModelId',
        <Select
          value={basics.aircraftModelId}
          options={ROUTE_AIRCRAFT.map((model) => ({ value: model.id, label: modelName(model) }))}
          onChange={(id: string) => {
            editBasics({ aircraftModelId: id });
            const camera = cameraForRoute(id, basics.payloadModelId);
            if (mapping && camera && camera.id !== params.cameraId) setParam('cameraId', camera.id);
          }}
          disabled={!!readOnly}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="route-editor-aircraft"
        />,
      )}
      {item(
        t('routeEditor.payload'),
        'payloadModelId',
        <Select
          value={basics.payloadModelId ?? ''}
          options={[
            { value: '', label: t('routeEditor.payloadNone') },
            ...ROUTE_PAYLOADS.map((model) => ({ value: model.id, label: modelName(model) })),
          ]}
          onChange={(id: string) => {
            editBasics({ payloadModelId: id || null });
            const camera = cameraForRoute(basics.aircraftModelId, id || null);
            if (mapping && camera && camera.id !== params.cameraId) setParam('cameraId', camera.id);
          }}
          disabled={!!readOnly}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="route-editor-payload"
        />,
      )}
      <Form.Item label={t('routeEditor.dock')}>
        <Select
          value={basics.hangarId ?? ''}
          options={[
            { value: '', label: t('routeEditor.dockNone') },
            ...docks.map((dock) => ({ value: dock.id, label: dock.name })),
          ]}
          onChange={(id: string) =>
            editBasics({
              hangarId: id || null,
              manufacturerId: docks.find((dock) => dock.id === id)?.manufacturerId ?? null,
            })
          }
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="route-editor-dock"
        />
      </Form.Item>
      <Form.Item>
        <Checkbox
          checked={basics.isPublic === 1}
          onChange={(event) => editBasics({ isPublic: event.target.checked ? 1 : 0 })}
          data-testid="route-editor-public"
        >
          {t('routeEditor.isPublic')}
        </Checkbox>
      </Form.Item>
      {readOnly && (
        <Alert
          type="info"
          showIcon
          title={t('routeEditor.readOnly', { reason: translate(language, 'route.designNone') })}
          data-testid="route-editor-readonly"
        />
      )}
    </>
  );
}
