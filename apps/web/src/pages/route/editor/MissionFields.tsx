import { WPML_FINISH_ACTIONS } from '@aos/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesignSetters, FieldKit } from './fields';

const RC_LOST = ['goBack', 'landing', 'hover', 'continue'] as const;

export interface MissionFieldsProps extends Pick<DesignSetters, 'setMission'> {
  kit: FieldKit;
  mission: Record<string, unknown>;
}

/** DJI's mission settings: the finish action, what to do when the link is lost, take-off and return heights. */
export default function MissionFields({ kit: { item, number }, mission, setMission }: MissionFieldsProps) {
  const { t } = useTranslation();
  const rcLost =
    mission.exitOnRCLost === 'goContinue'
      ? 'continue'
      : ((mission.executeRCLostAction as string | undefined) ?? 'goBack');
  return (
    <>
      <h3>{t('routeEditor.mission')}</h3>
      {item(
        t('routeEditor.finishAction'),
        'mission.finishAction',
        <Select
          value={(mission.finishAction as string | undefined) ?? 'goHome'}
          options={WPML_FINISH_ACTIONS.map((value) => ({
            value,
            label: t(`routeEditor.finishActions.${value}`),
          }))}
          onChange={(value: string) => setMission({ finishAction: value }, 'finish')}
          data-testid="route-editor-finish"
        />,
      )}
      {item(
        t('routeEditor.rcLost'),
        'mission.executeRCLostAction',
        <Select
          value={rcLost}
          options={RC_LOST.map((value) => ({
            value,
            label: t(`routeEditor.rcLostActions.${value}`),
          }))}
          onChange={(value: string) =>
            setMission(
              value === 'continue'
                ? { exitOnRCLost: 'goContinue' }
                : { exitOnRCLost: 'executeLostAction', executeRCLostAction: value },
              'rcLost',
            )
          }
        />,
      )}
      {item(
        t('routeEditor.securityHeight'),
        'mission.takeOffSecurityHeightM',
        number(
          'mission.takeOffSecurityHeightM',
          mission.takeOffSecurityHeightM ?? 20,
          (v) => setMission({ takeOffSecurityHeightM: v ?? undefined }, 'security'),
          'route-security-height',
        ),
      )}
      {item(
        t('routeEditor.transitSpeed'),
        'mission.transitionalSpeedMS',
        number(
          'mission.transitionalSpeedMS',
          mission.transitionalSpeedMS ?? 10,
          (v) => setMission({ transitionalSpeedMS: v ?? undefined }, 'transit'),
          'route-transit-speed',
        ),
      )}
      {item(
        t('routeEditor.rthHeight'),
        'mission.rthHeightM',
        number(
          'mission.rthHeightM',
          mission.rthHeightM ?? 100,
          (v) => setMission({ rthHeightM: v ?? undefined }, 'rth'),
          'route-rth-height',
        ),
      )}
    </>
  );
}
