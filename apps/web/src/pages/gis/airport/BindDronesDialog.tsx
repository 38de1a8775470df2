import { DEVICE_TYPE_AIRCRAFT, type UavAirport, splitIds } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../api/http';
import { useAction } from '../../../components/useAction';
import { devicesOfType } from '../../fleet/device/api';
import { bindDrones } from './api';

export interface BindDronesDialogProps {
  /** the point whose drones are chosen; closed when null */
  point: UavAirport | null;
  /** every point of the tenant: a drone bound to another one is shown, not offered */
  points: UavAirport[];
  onClose: () => void;
  onSaved: () => void;
}

/**
 * updateUav: the tenant's drones (the fleet registry's aircraft) as a multi-select; those bound to another
 * point are disabled with that point's name (a drone belongs to one point; the server refuses it too).
 */
export function BindDronesDialog({ point, points, onClose, onSaved }: BindDronesDialogProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const drones = useQuery({
    queryKey: ['devices-of-type', DEVICE_TYPE_AIRCRAFT],
    queryFn: () => devicesOfType(DEVICE_TYPE_AIRCRAFT),
    enabled: Boolean(point),
  });
  const saving = useAction({
    success: t('airport.point.bound'),
    failure: t('common.saveFailed'),
    onError: (error) => setProblem(fieldErrors(error)?.droneIds ?? null),
  });

  useEffect(() => {
    setChosen(point ? splitIds(point.droneIds) : []);
    setProblem(null);
  }, [point]);

  const boundTo = new Map<string, string>();
  for (const other of points) {
    if (other.id === point?.id) continue;
    for (const id of splitIds(other.droneIds)) boundTo.set(id, other.name);
  }
  const options = (drones.data ?? []).map((drone) => {
    const elsewhere = boundTo.get(drone.id);
    const name = `${drone.name} (${drone.serialNumber})`;
    return {
      value: drone.id,
      label: elsewhere ? `${name} · ${t('airport.point.boundElsewhere', { name: elsewhere })}` : name,
      disabled: Boolean(elsewhere) && !chosen.includes(drone.id),
    };
  });

  const save = () => {
    if (!point) return;
    void saving.run(() => bindDrones(point.id, chosen), {
      onDone: () => {
        onClose();
        onSaved();
      },
    });
  };

  return (
    <Modal
      open={Boolean(point)}
      title={t('airport.point.bindTitle', { name: point?.name ?? '' })}
      width={560}
      maskClosable={false}
      destroyOnHidden
      onCancel={onClose}
      onOk={save}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={saving.busy}
      okButtonProps={{ 'data-testid': 'airport-bind-submit' }}
    >
      <Typography.Paragraph type="secondary">{t('airport.point.bindHint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item
          label={t('airport.point.drones')}
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <Select
            mode="multiple"
            value={chosen}
            onChange={(next: string[]) => {
              setChosen(next);
              setProblem(null);
            }}
            options={options}
            loading={drones.isLoading}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('airport.point.bindPlaceholder')}
            data-testid="airport-bind-drones"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
