import { EnvironmentOutlined } from '@ant-design/icons';
import { Button, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPointPicker } from './MapPointPicker';
import { formatLonLatText, parseLonLatText } from './coordinates';

export interface LonLatInputProps {
  /** `longitude,latitude` text (spec §5), as the form holds it */
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  /** test id of the text input; the map button gets `<testId>-map` */
  testId?: string;
}

/**
 * A `longitude,latitude` text field with a map button beside it: typing stays possible (a surveyed
 * coordinate is pasted), and the picker opens on what was typed when it parses.
 */
export function LonLatInput({ value, onChange, disabled, placeholder, testId }: LonLatInputProps) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          disabled={disabled}
          allowClear
          placeholder={placeholder}
          data-testid={testId}
        />
        <Tooltip title={t('map.pick')}>
          <Button
            icon={<EnvironmentOutlined />}
            disabled={disabled}
            onClick={() => setPicking(true)}
            aria-label={t('map.pick')}
            data-testid={testId ? `${testId}-map` : undefined}
          />
        </Tooltip>
      </Space.Compact>
      <MapPointPicker
        open={picking}
        value={parseLonLatText(value)}
        onOk={(point) => {
          onChange?.(formatLonLatText(point));
          setPicking(false);
        }}
        onCancel={() => setPicking(false)}
      />
    </>
  );
}
