import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { CivilAirportTab } from './CivilAirportTab';
import { UavAirportTab } from './UavAirportTab';
import './airport.css';
import './locale';

/**
 * Takeoff/landing points and civil airports (menu `airport`, /route-mission/airport): one tab each. The
 * second tab is made when first opened, so its map and table load only then.
 */
export default function AirportPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      className="airport-page"
      data-testid="airport-tabs"
      items={[
        { key: 'points', label: t('airport.tabPoints'), children: <UavAirportTab /> },
        { key: 'civil', label: t('airport.tabCivil'), children: <CivilAirportTab /> },
      ]}
    />
  );
}
