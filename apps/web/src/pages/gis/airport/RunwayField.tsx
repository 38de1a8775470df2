import { Flex, InputNumber, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GeometryEditor } from '../../../components/map/editor/GeometryEditor';
import { roundCoordinate } from '../../../components/map/coordinates';
import type { RunwayLine } from './runway';

type End = [number | undefined, number | undefined];

const LINE_ONLY = ['LineString'] as const;

/** The ends of a line (a drawn line's first two nodes; a longer one is refused by the field's rule). */
const endsOf = (value: RunwayLine | undefined): [End, End] => [
  [value?.coordinates[0]?.[0], value?.coordinates[0]?.[1]],
  [value?.coordinates[1]?.[0], value?.coordinates[1]?.[1]],
];

/**
 * The runway as a CrudPage `custom` field: drawn on the map as a line whose two ends are the thresholds, or
 * typed as the two ends' coordinates; both edit the same value (a two-position LineString).
 */
export function RunwayField({ value, onChange }: { value?: unknown; onChange?: (value: unknown) => void }) {
  const { t } = useTranslation();
  const line = value as RunwayLine | undefined;
  const [ends, setEnds] = useState<[End, End]>(() => endsOf(line));
  // What this field last handed the form: a value from elsewhere (a drawing, an edited record) is shown.
  const sent = useRef<unknown>(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setEnds(endsOf(value as RunwayLine | undefined));
    }
  }, [value]);

  const emit = (next: unknown) => {
    sent.current = next;
    onChange?.(next);
  };
  const typed = (end: 0 | 1, index: 0 | 1, input: number | null) => {
    const next: [End, End] = [[...ends[0]], [...ends[1]]];
    next[end][index] = input === null ? undefined : roundCoordinate(input);
    setEnds(next);
    const complete = next.every(([longitude, latitude]) => longitude !== undefined && latitude !== undefined);
    emit(complete ? { type: 'LineString', coordinates: next as number[][] } : undefined);
  };

  const input = (end: 0 | 1, index: 0 | 1) => (
    <InputNumber
      aria-label={`${t(end ? 'airport.civil.runwayEnd' : 'airport.civil.runwayStart')} ${t(index ? 'map.latitude' : 'map.longitude')}`}
      value={ends[end][index]}
      min={index ? -85 : -180}
      max={index ? 85 : 180}
      step={0.000001}
      precision={6}
      placeholder={t(index ? 'map.latitude' : 'map.longitude')}
      onChange={(number) => typed(end, index, number)}
      style={{ width: 140 }}
      data-testid={`field-runway-${end ? 'end' : 'start'}-${index ? 'latitude' : 'longitude'}`}
    />
  );

  return (
    <Flex vertical gap={8}>
      <GeometryEditor
        value={line ?? null}
        onChange={(next) => emit(next ?? undefined)}
        types={LINE_ONLY}
        name="runway"
        height={300}
        testId="field-runway"
      />
      <Flex gap={16} wrap>
        {([0, 1] as const).map((end) => (
          <Space.Compact key={end}>
            <Space.Addon>
              <Typography.Text strong>
                {t(end ? 'airport.civil.runwayEnd' : 'airport.civil.runwayStart')}
              </Typography.Text>
            </Space.Addon>
            {input(end, 0)}
            {input(end, 1)}
          </Space.Compact>
        ))}
      </Flex>
    </Flex>
  );
}
