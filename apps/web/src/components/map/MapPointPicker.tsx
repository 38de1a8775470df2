import { AimOutlined } from '@ant-design/icons';
import { Button, Flex, InputNumber, Modal, Space } from 'antd';
import { type CSSProperties, Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMapChunk } from './load';
import { MapLoading } from './LazyMapView';
import { useMapSettings } from './settings';
import {
  COORDINATE_DECIMALS,
  type LonLat,
  MERCATOR_MAX_LATITUDE,
  isLonLat,
  roundCoordinate,
} from './coordinates';

const PointPickerMap = lazy(() => loadMapChunk(() => import('./PointPickerMap')));

export interface MapPointPickerProps {
  open: boolean;
  /** the point the dialog opens with; none: the map shows China and nothing is picked yet */
  value?: LonLat;
  /** i18n key of the dialog title (default "Choose a location") */
  title?: string;
  /** the picked `[longitude, latitude]` in WGS84 degrees, six decimals */
  onOk: (value: LonLat) => void;
  onCancel: () => void;
}

const MAP_HEIGHT = 440;

/** The how-to, over the top of the map where it does not crowd the inputs in any language. */
const HINT_STYLE: CSSProperties = {
  position: 'absolute',
  top: 10,
  left: '50%',
  transform: 'translateX(-50%)',
  padding: '3px 12px',
  borderRadius: 12,
  background: 'rgba(255, 255, 255, 0.9)',
  boxShadow: '0 1px 4px rgba(0, 0, 0, 0.12)',
  color: 'rgba(0, 0, 0, 0.65)',
  fontSize: 12,
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
};

/** Both coordinates, inside what the map can show; else no point. */
function pointOf([longitude, latitude]: [number | undefined, number | undefined]): LonLat | undefined {
  if (longitude === undefined || latitude === undefined) return undefined;
  if (!isLonLat(longitude, latitude) || Math.abs(latitude) > MERCATOR_MAX_LATITUDE) return undefined;
  return [longitude, latitude];
}

/**
 * A dialog to choose one point: click the map, drag the marker or type the coordinates. Escape and Cancel
 * leave the value alone; OK (enabled once there is a point) hands it back. The map's code loads on opening.
 */
export function MapPointPicker({ open, value, title, onOk, onCancel }: MapPointPickerProps) {
  const { t } = useTranslation();
  const [locateKey, setLocateKey] = useState(0);
  const settings = useMapSettings();
  // The two inputs can be half filled (or out of range while typing): a point exists once both are valid.
  const [partial, setPartial] = useState<[number | undefined, number | undefined]>([undefined, undefined]);
  const draft = pointOf(partial);
  const [longitude, latitude] = value ?? [];

  // Each opening starts from the value the form holds now.
  useEffect(() => {
    if (open) setPartial([longitude, latitude]);
  }, [open, longitude, latitude]);

  const confirm = () => {
    if (draft) onOk(draft);
  };
  const picked = (point: LonLat) => setPartial(point);
  /** A typed coordinate, rounded to six decimals like a picked one; a cleared input clears the point. */
  const typed = (index: 0 | 1, input: number | null) =>
    setPartial((current) => {
      const next: [number | undefined, number | undefined] = [...current];
      next[index] = input === null ? undefined : roundCoordinate(input);
      return next;
    });

  return (
    <Modal
      open={open}
      title={t(title ?? 'map.pickTitle')}
      width={920}
      centered
      maskClosable={false}
      destroyOnHidden
      onCancel={onCancel}
      footer={
        <Space>
          <Button onClick={onCancel} data-testid="map-picker-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="primary" disabled={!draft} onClick={confirm} data-testid="map-picker-ok">
            {t('common.ok')}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={10} data-testid="map-picker">
        <Flex gap={12} align="center" wrap>
          <Space.Compact>
            <Space.Addon>{t('map.longitude')}</Space.Addon>
            <InputNumber
              aria-label={t('map.longitude')}
              value={partial[0]}
              min={-180}
              max={180}
              step={0.000001}
              precision={COORDINATE_DECIMALS}
              placeholder="116.397128"
              onChange={(input) => typed(0, input)}
              onPressEnter={confirm}
              style={{ width: 170 }}
              data-testid="map-picker-longitude"
            />
          </Space.Compact>
          <Space.Compact>
            <Space.Addon>{t('map.latitude')}</Space.Addon>
            <InputNumber
              aria-label={t('map.latitude')}
              value={partial[1]}
              min={-MERCATOR_MAX_LATITUDE}
              max={MERCATOR_MAX_LATITUDE}
              step={0.000001}
              precision={COORDINATE_DECIMALS}
              placeholder="39.916527"
              onChange={(input) => typed(1, input)}
              onPressEnter={confirm}
              style={{ width: 160 }}
              data-testid="map-picker-latitude"
            />
          </Space.Compact>
          <Button
            icon={<AimOutlined />}
            disabled={!draft}
            onClick={() => setLocateKey((key) => key + 1)}
            data-testid="map-picker-locate"
          >
            {t('map.locate')}
          </Button>
        </Flex>
        <div style={{ position: 'relative' }}>
          {open && (
            <Suspense fallback={<MapLoading height={MAP_HEIGHT} />}>
              <PointPickerMap
                settings={settings}
                value={draft}
                onPick={picked}
                locateKey={locateKey}
                height={MAP_HEIGHT}
              />
            </Suspense>
          )}
          <div style={HINT_STYLE}>{t('map.pickHint')}</div>
        </div>
      </Flex>
    </Modal>
  );
}
