import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { OIL_ATTRIBUTES_MAX } from '@aos/contract';
import { Button, Flex, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Value = Record<string, string | number>;
interface Row {
  key: string;
  kind: 'text' | 'number';
  value: string | number | null;
}

const rowsOf = (value: unknown): Row[] =>
  Object.entries((value ?? {}) as Value).map(([key, item]) => ({
    key,
    kind: typeof item === 'number' ? 'number' : 'text',
    value: item,
  }));

/** The rows as the record submit sends: a number left empty is no attribute yet, text may be empty. */
export function recordOf(rows: Row[]): Value {
  const record: Value = {};
  for (const row of rows) {
    if (row.kind === 'number' && (row.value === null || row.value === '')) continue;
    record[row.key.trim()] = row.kind === 'number' ? Number(row.value) : String(row.value ?? '');
  }
  return record;
}

/**
 * A feature's attributes (survey columns) as rows of name, kind (text or number) and value; the form holds
 * the record the contract's OilAttributes checks (a row without a name is refused with its message).
 */
export function AttributesInput({
  value,
  onChange,
}: {
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(value));
  const [emitted, setEmitted] = useState<unknown>(value);
  // A value from outside (the dialog filled with the record edited) replaces the rows.
  if (value !== emitted) {
    setEmitted(value);
    setRows(rowsOf(value));
  }
  const change = (next: Row[]) => {
    const record = recordOf(next);
    setRows(next);
    setEmitted(record);
    onChange?.(record);
  };
  const update = (index: number, patch: Partial<Row>) =>
    change(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  return (
    <Flex vertical gap={6} data-testid="field-attributes">
      {rows.map((row, index) => (
        <Flex key={index} gap={6} align="center" data-testid={`attribute-${index}`}>
          <Input
            style={{ width: 180 }}
            value={row.key}
            placeholder={t('oilLayer.attributeName')}
            onChange={(event) => update(index, { key: event.target.value })}
            data-testid={`attribute-${index}-key`}
          />
          <Select
            style={{ width: 90 }}
            value={row.kind}
            options={[
              { value: 'text', label: t('oilLayer.attributeText') },
              { value: 'number', label: t('oilLayer.attributeNumber') },
            ]}
            onChange={(kind) =>
              update(index, {
                kind,
                value:
                  kind === 'number'
                    ? Number.isFinite(Number(row.value)) && row.value !== ''
                      ? Number(row.value)
                      : null
                    : String(row.value ?? ''),
              })
            }
          />
          {row.kind === 'number' ? (
            <InputNumber
              style={{ flex: 1 }}
              value={row.value as number | null}
              onChange={(number) => update(index, { value: number })}
              data-testid={`attribute-${index}-value`}
            />
          ) : (
            <Input
              style={{ flex: 1 }}
              value={String(row.value ?? '')}
              placeholder={t('oilLayer.attributeValue')}
              onChange={(event) => update(index, { value: event.target.value })}
              data-testid={`attribute-${index}-value`}
            />
          )}
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('oilLayer.attributeRemove')}
            onClick={() => change(rows.filter((_, at) => at !== index))}
          />
        </Flex>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={rows.length >= OIL_ATTRIBUTES_MAX}
        onClick={() => change([...rows, { key: '', kind: 'text', value: '' }])}
        data-testid="attribute-add"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('oilLayer.attributeAdd')}
      </Button>
    </Flex>
  );
}

/** `depth: 1200 · operator: Team 3` for a table cell or the view dialog. */
export function attributesText(value: unknown): string {
  return Object.entries((value ?? {}) as Value)
    .map(([key, item]) => `${key}: ${item}`)
    .join(' · ');
}
