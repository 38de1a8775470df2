import type { DesignPlan } from '@aos/contract';
import { useTranslation } from 'react-i18next';
import { formatArea, formatDuration, formatGsd, formatLength } from './format';

export interface ResultFiguresProps {
  figures: DesignPlan['figures'] | undefined;
  mapping: boolean;
  readOnly: boolean;
  /** why nothing is planned yet: a hint for an empty route, else the planners' reason */
  emptyHint: string | undefined;
  notPlanned: string | undefined;
}

/** The planned route's figures (length, duration, waypoints, photos, area, height, GSD, line spacing). */
export default function ResultFigures({
  figures,
  mapping,
  readOnly,
  emptyHint,
  notPlanned,
}: ResultFiguresProps) {
  const { t } = useTranslation();
  const figure = (label: string, value: string | number | undefined, testId: string, raw?: number) =>
    value === undefined ? null : (
      <div className="route-editor-figure" data-testid={testId} data-value={raw}>
        <span>{label}</span>
        <strong>{value}</strong>
      </div>
    );
  return (
    <>
      {figures ? (
        <div className="route-editor-figures" data-testid="route-editor-figures">
          {figure(
            t('routeEditor.length'),
            formatLength(t, figures.lengthM),
            'figure-length',
            figures.lengthM,
          )}
          {figure(
            t('routeEditor.duration'),
            formatDuration(t, figures.durationS),
            'figure-duration',
            figures.durationS,
          )}
          {figure(
            t('routeEditor.waypointCount'),
            figures.waypointCount,
            'figure-waypoints',
            figures.waypointCount,
          )}
          {figure(t('routeEditor.photoCount'), figures.photoCount, 'figure-photos', figures.photoCount)}
          {figures.areaM2 !== undefined &&
            figure(t('routeEditor.areaSize'), formatArea(t, figures.areaM2), 'figure-area', figures.areaM2)}
          {figures.heightM !== undefined &&
            mapping &&
            figure(
              t('routeEditor.heightResult'),
              formatLength(t, figures.heightM),
              'figure-height',
              figures.heightM,
            )}
          {figures.gsdCm !== undefined &&
            figure(t('routeEditor.gsd'), formatGsd(t, figures.gsdCm), 'figure-gsd', figures.gsdCm)}
          {figures.lineSpacingM !== undefined &&
            figure(
              t('routeEditor.lineSpacing'),
              formatLength(t, figures.lineSpacingM),
              'figure-spacing',
              figures.lineSpacingM,
            )}
        </div>
      ) : readOnly ? null : (
        <div className="route-editor-muted" data-testid="route-editor-not-planned">
          {emptyHint ?? t('routeEditor.notPlanned', { reason: notPlanned ?? '' })}
        </div>
      )}
    </>
  );
}
