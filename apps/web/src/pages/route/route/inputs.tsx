import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { dockApi } from '../../fleet/dock/api';

/** The tenant's docks (a route's hangar): one by id. */
export function DockSelect({
  value,
  onChange,
  placeholder,
  testId,
}: {
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder: string;
  testId: string;
}) {
  const docks = useQuery({
    queryKey: ['route-docks'],
    queryFn: () => dockApi.page({ current: 1, size: 500 }),
    staleTime: 30_000,
  });
  return (
    <Select
      value={value ?? undefined}
      onChange={(next: string | undefined) => onChange?.(next)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={docks.isLoading}
      options={(docks.data?.records ?? []).map((dock) => ({ value: dock.id, label: dock.name }))}
      placeholder={placeholder}
      data-testid={testId}
      style={{ minWidth: 160 }}
    />
  );
}
