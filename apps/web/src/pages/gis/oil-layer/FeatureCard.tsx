import { CloseOutlined } from '@ant-design/icons';
import { type OilFeature, oilLayerInfo } from '@aos/contract';
import { Button, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../store/session';
import { positionText } from './features';

/** What a clicked feature is: its layer, name, code, position or length and attributes, beside it on the map. */
export function FeatureCard({
  row,
  x,
  y,
  onClose,
}: {
  row: OilFeature;
  x: number;
  y: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const info = oilLayerInfo(row.layer);
  return (
    <div className="oil-card" style={{ left: x, top: y }} data-testid="oil-map-card">
      <div className="oil-card__head">
        <span className="oil-card__layer" style={{ background: info.color }} />
        <strong>{row.name}</strong>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('oilLayer.close')}
          onClick={onClose}
        />
      </div>
      <Descriptions size="small" column={1} colon={false}>
        <Descriptions.Item label={t('oilLayer.layers')}>
          {language === 'en-US' ? info.nameEn : info.name}
        </Descriptions.Item>
        {row.code && <Descriptions.Item label={t('oilLayer.code')}>{row.code}</Descriptions.Item>}
        <Descriptions.Item label={t('oilLayer.position')}>{positionText(row.geometry)}</Descriptions.Item>
        {Object.entries(row.attributes).map(([key, value]) => (
          <Descriptions.Item key={key} label={key}>
            {String(value)}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </div>
  );
}
