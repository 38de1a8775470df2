import { type Device, type DeviceKind, type DeviceModel, kindOfDeviceType, splitIds } from '@aos/contract';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useEffect, useEffectEvent } from 'react';
import type { Option } from '../../../components/crud/types';
import { useSession } from '../../../store/session';
import { brands, devicesOfType, deviceModels, makes } from './api';

/**
 * Form inputs the device and dock forms share. They sit inside CrudPage's form, so they read the fields they
 * depend on (the chosen type) from it with `Form.useWatch`, and a choice that no longer fits the type is
 * cleared rather than sent for the server to refuse.
 */
interface Control<V> {
  value?: V;
  onChange?: (value: unknown) => void;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** The value of `type` in the surrounding form, as a number (dictionary selects hold it as text). */
function useFormType(): number | undefined {
  const type: unknown = Form.useWatch('type');
  return isBlank(type) ? undefined : Number(type);
}

/**
 * Drop `value` once the options are loaded and it is not among them (the type changed). Reads the options
 * through `fits` at the time of the check, not a render's snapshot, so opening an edit dialog (value and type
 * arrive together) never clears a value that fits.
 */
function useClearWhenUnfit(
  value: unknown,
  loaded: boolean,
  fits: () => boolean,
  onChange?: (v: unknown) => void,
) {
  const type = useFormType();
  // the type and the loaded options decide when; value and fits are read as they are then
  const clear = useEffectEvent(() => {
    if (loaded && !isBlank(value) && !fits()) onChange?.(undefined);
  });
  useEffect(() => clear(), [type, loaded]);
}

/** A single-choice select of numbers that tells the page what is chosen (the device type decides fields). */
export function NumberSelect({
  value,
  onChange,
  options,
  field,
  placeholder,
  onValue,
}: Control<number> & {
  options: Option[];
  field: string;
  placeholder: string;
  onValue?: (value: number | undefined) => void;
}) {
  const tell = useEffectEvent((chosen: unknown) => onValue?.(isBlank(chosen) ? undefined : Number(chosen)));
  useEffect(() => tell(value), [value]);
  return (
    <Select
      value={value}
      onChange={(next) => onChange?.(next)}
      allowClear
      options={options}
      placeholder={placeholder}
      data-testid={`field-${field}`}
    />
  );
}

/**
 * A catalogue model for the chosen type: a device's `device_type`, or for a dock (`dock`) the dock type (`hangarType`).
 * With `prefill`, choosing a model fills the device's empty takeoff weight, flight speed and load from the
 * catalogue's figures (the operator's own figures are kept).
 */
export function ModelSelect({
  value,
  onChange,
  dock = false,
  prefill = false,
  placeholder,
}: Control<string> & { dock?: boolean; prefill?: boolean; placeholder: string }) {
  const language = useSession((state) => state.language);
  const form = Form.useFormInstance();
  const type = useFormType();
  const models = useQuery({
    queryKey: ['device-models', language],
    queryFn: deviceModels,
    staleTime: 5 * 60_000,
  });
  const fitsType = (model: DeviceModel, chosen: number | undefined) =>
    dock ? model.kind === 'dock' && model.hangarType === chosen : model.deviceType === chosen;
  const choices = (models.data ?? []).filter((model) => fitsType(model, type));
  useClearWhenUnfit(
    value,
    Boolean(models.data),
    () => {
      const chosen = Number(form.getFieldValue('type'));
      return (models.data ?? []).some((model) => model.id === value && fitsType(model, chosen));
    },
    onChange,
  );

  const pick = (id: string | undefined) => {
    onChange?.(id);
    const model = models.data?.find((entry) => entry.id === id);
    if (!prefill || !model) return;
    const figures: [string, number | null][] = [
      ['takeoffWeight', model.maxTakeoffWeight],
      ['flightSpeed', model.maxSpeed],
      ['load', model.maxPayload],
    ];
    for (const [field, figure] of figures) {
      if (figure !== null && isBlank(form.getFieldValue(field))) form.setFieldValue(field, figure);
    }
  };
  return (
    <Select
      value={value ?? undefined}
      onChange={pick}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={models.isLoading}
      disabled={type === undefined}
      options={choices.map((model) => ({ value: model.id, label: model.name }))}
      placeholder={placeholder}
      data-testid="field-modelId"
    />
  );
}

/**
 * A brand of the tenant that makes `kind` (its entity signs); without `kind`, the kind of the device type
 * chosen in the form.
 */
export function BrandSelect({
  value,
  onChange,
  kind,
  placeholder,
}: Control<string> & { kind?: DeviceKind; placeholder: string }) {
  const form = Form.useFormInstance();
  const type = useFormType();
  const list = useQuery({ queryKey: ['device-brands'], queryFn: brands, staleTime: 30_000 });
  const kindNow = () => kind ?? kindOfDeviceType(Number(form.getFieldValue('type')));
  const wanted = kind ?? (type === undefined ? undefined : kindOfDeviceType(type));
  const choices = (list.data ?? []).filter((brand) => makes(brand, wanted));
  useClearWhenUnfit(
    value,
    Boolean(list.data),
    () => (list.data ?? []).some((brand) => brand.id === value && makes(brand, kindNow())),
    onChange,
  );
  return (
    <Select
      value={value ?? undefined}
      onChange={(next) => onChange?.(next)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={list.isLoading}
      disabled={wanted === undefined}
      options={choices.map((brand) => ({ value: brand.id, label: brand.name }))}
      placeholder={placeholder}
      data-testid="field-manufacturerId"
    />
  );
}

/**
 * Devices of the tenant of one `device_type`: one (`value` an id) or several (`multiple`, comma-separated
 * ids as the API keeps them). `unavailable` answers why a device cannot be chosen (shown, disabled).
 */
export function DeviceSelect({
  value,
  onChange,
  type,
  multiple = false,
  field,
  placeholder,
  unavailable,
}: Control<string> & {
  type: number;
  multiple?: boolean;
  field: string;
  placeholder: string;
  unavailable?: (device: Device) => string | undefined;
}) {
  const list = useQuery({ queryKey: ['devices-of-type', type], queryFn: () => devicesOfType(type) });
  const options = (list.data ?? []).map((device) => {
    const reason = unavailable?.(device);
    const label = `${device.name} (${device.serialNumber})`;
    return { value: device.id, label: reason ? `${label} · ${reason}` : label, disabled: Boolean(reason) };
  });
  return (
    <Select
      value={multiple ? splitIds(value) : (value ?? undefined)}
      onChange={(next: string | string[] | undefined) =>
        onChange?.(Array.isArray(next) ? next.join(',') : (next ?? null))
      }
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={list.isLoading}
      options={options}
      placeholder={placeholder}
      data-testid={`field-${field}`}
    />
  );
}
