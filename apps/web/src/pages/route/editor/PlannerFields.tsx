import {
  CAMERAS,
  HEADING_MODES,
  HEIGHT_MODES,
  MAPPING_HEIGHT_MODES,
  type DesignPlan,
  TURN_MODES,
} from '@aos/contract';
import { Alert, Button, Form, Input, Radio, Select } from 'antd';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorDesign } from './design';
import type { DesignSetters, FieldKit } from './fields';

export interface WaypointFieldsProps extends Pick<DesignSetters, 'setParam' | 'setDefault'> {
  kit: FieldKit;
  params: Record<string, unknown>;
  defaults: Record<string, unknown>;
}

/** The waypoint planner's global defaults (each waypoint may override them). */
export function WaypointFields({
  kit: { item, number },
  params,
  defaults,
  setParam,
  setDefault,
}: WaypointFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="info" title={t('routeEditor.waypointHint')} style={{ marginBottom: 12, fontSize: 12 }} />
      {item(
        t('routeEditor.heightMode'),
        'params.heightMode',
        <Select
          value={(params.heightMode as string | undefined) ?? 'relativeToStartPoint'}
          options={HEIGHT_MODES.map((mode) => ({
            value: mode,
            label: t(`routeEditor.heightModes.${mode}`),
          }))}
          onChange={(value: string) => setParam('heightMode', value)}
        />,
      )}
      {item(
        t('routeEditor.defaultHeight'),
        'params.defaults.heightM',
        number(
          'params.defaults.heightM',
          defaults.heightM,
          (v) => setDefault('heightM', v),
          'route-default-height',
        ),
      )}
      {item(
        t('routeEditor.defaultSpeed'),
        'params.defaults.speedMS',
        number(
          'params.defaults.speedMS',
          defaults.speedMS,
          (v) => setDefault('speedMS', v),
          'route-default-speed',
        ),
      )}
      {item(
        t('routeEditor.headingMode'),
        'params.defaults.headingMode',
        <Select
          value={(defaults.headingMode as string | undefined) ?? 'followWayline'}
          options={HEADING_MODES.map((mode) => ({
            value: mode,
            label: t(`routeEditor.headingModes.${mode}`),
          }))}
          onChange={(value: string) => setDefault('headingMode', value)}
        />,
      )}
      {(defaults.headingMode === 'fixed' || defaults.headingMode === 'smoothTransition') &&
        item(
          t('routeEditor.heading'),
          'params.defaults.headingDeg',
          number(
            'params.defaults.headingDeg',
            defaults.headingDeg,
            (v) => setDefault('headingDeg', v),
            'route-default-heading',
          ),
        )}
      {item(
        t('routeEditor.gimbalPitch'),
        'params.defaults.gimbalPitchDeg',
        number(
          'params.defaults.gimbalPitchDeg',
          defaults.gimbalPitchDeg ?? -90,
          (v) => setDefault('gimbalPitchDeg', v),
          'route-default-pitch',
        ),
      )}
      {item(
        t('routeEditor.turnMode'),
        'params.defaults.turnMode',
        <Select
          value={(defaults.turnMode as string | undefined) ?? 'toPointAndStopWithDiscontinuityCurvature'}
          options={TURN_MODES.map((mode) => ({
            value: mode,
            label: t(`routeEditor.turnModes.${mode}`),
          }))}
          onChange={(value: string) => setDefault('turnMode', value)}
        />,
      )}
    </>
  );
}

export interface MappingFieldsProps extends Pick<DesignSetters, 'setParam'> {
  kit: FieldKit;
  design: EditorDesign;
  params: Record<string, unknown>;
  /** the work area or centre line drawn, closed for an area */
  shape: unknown;
  drawing: boolean;
  setDrawing(update: (on: boolean) => boolean): void;
  coordinateText: string;
  setCoordinateText(text: string): void;
  coordinateError: string | null;
  applyCoordinates(): void;
  /** the height is asked through the ground sample distance */
  byGsd: boolean;
  english: boolean;
  latestDesign: RefObject<EditorDesign>;
  latestFigures: RefObject<DesignPlan['figures'] | undefined>;
  change(design: EditorDesign): void;
}

/** The area, oblique and strip planners' parameters: the shape, the camera, height or GSD, overlaps… */
export function MappingFields({
  kit: { item, number },
  design,
  params,
  shape,
  drawing,
  setDrawing,
  coordinateText,
  setCoordinateText,
  coordinateError,
  applyCoordinates,
  byGsd,
  english,
  latestDesign,
  latestFigures,
  change,
  setParam,
}: MappingFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="route-editor-shape">
        <strong>{design.kind === 'strip' ? t('routeEditor.centreLine') : t('routeEditor.area')}</strong>
        <Button
          size="small"
          type={drawing ? 'primary' : 'default'}
          onClick={() => setDrawing((on) => !on)}
          data-testid="route-editor-draw"
        >
          {shape ? t('routeEditor.redraw') : t('routeEditor.draw')}
        </Button>
      </div>
      {drawing && <div className="route-editor-muted">{t('routeEditor.drawHint')}</div>}
      {item(
        t('routeEditor.coordinates'),
        design.kind === 'strip' ? 'params.centreLine' : 'params.polygon',
        <>
          <Input.TextArea
            rows={4}
            value={coordinateText}
            onChange={(event) => setCoordinateText(event.target.value)}
            data-testid="route-editor-coordinates"
          />
          {coordinateError && <div className="route-editor-error">{coordinateError}</div>}
          <Button
            size="small"
            style={{ marginTop: 6 }}
            onClick={applyCoordinates}
            data-testid="route-editor-apply-coordinates"
          >
            {t('routeEditor.applyCoordinates')}
          </Button>
        </>,
      )}
      {item(
        t('routeEditor.camera'),
        'params.cameraId',
        <Select
          value={params.cameraId as string | undefined}
          options={CAMERAS.map((camera) => ({
            value: camera.id,
            label: english ? camera.nameEn : camera.name,
          }))}
          onChange={(value: string) => setParam('cameraId', value)}
          data-testid="route-editor-camera"
        />,
      )}
      <Form.Item label={t('routeEditor.heightBy')}>
        <Radio.Group
          value={byGsd ? 'gsd' : 'height'}
          onChange={(event) => {
            const next = event.target.value as string;
            const design = latestDesign.current;
            const figures = latestFigures.current;
            if (next === 'gsd')
              change({
                ...design,
                params: {
                  ...design.params,
                  heightM: undefined,
                  gsdCm: figures?.gsdCm ? Math.round(figures.gsdCm * 100) / 100 : 2,
                },
              });
            else
              change({
                ...design,
                params: {
                  ...design.params,
                  gsdCm: undefined,
                  heightM: figures?.heightM ? Math.round(figures.heightM) : 100,
                },
              });
          }}
          options={[
            { value: 'height', label: t('routeEditor.byHeight') },
            { value: 'gsd', label: t('routeEditor.byGsd') },
          ]}
          data-testid="route-editor-height-by"
        />
      </Form.Item>
      {byGsd
        ? item(
            t('routeEditor.gsdCm'),
            'params.gsdCm',
            number('params.gsdCm', params.gsdCm, (v) => setParam('gsdCm', v), 'route-gsd', {
              step: 0.1,
            }),
          )
        : item(
            t('routeEditor.heightM'),
            'params.heightM',
            number('params.heightM', params.heightM, (v) => setParam('heightM', v), 'route-height'),
          )}
      {item(
        t('routeEditor.frontOverlap'),
        'params.frontOverlap',
        number(
          'params.frontOverlap',
          params.frontOverlap,
          (v) => setParam('frontOverlap', v),
          'route-front-overlap',
        ),
      )}
      {item(
        t('routeEditor.sideOverlap'),
        'params.sideOverlap',
        number(
          'params.sideOverlap',
          params.sideOverlap,
          (v) => setParam('sideOverlap', v),
          'route-side-overlap',
        ),
      )}
      {design.kind !== 'strip' &&
        item(
          t('routeEditor.courseAngle'),
          'params.courseAngleDeg',
          number(
            'params.courseAngleDeg',
            params.courseAngleDeg,
            (v) => setParam('courseAngleDeg', v),
            'route-course',
          ),
        )}
      {design.kind !== 'strip' &&
        item(
          t('routeEditor.margin'),
          'params.marginM',
          number('params.marginM', params.marginM, (v) => setParam('marginM', v), 'route-margin'),
        )}
      {design.kind === 'oblique' &&
        item(
          t('routeEditor.obliquePitch'),
          'params.obliquePitchDeg',
          number(
            'params.obliquePitchDeg',
            params.obliquePitchDeg,
            (v) => setParam('obliquePitchDeg', v),
            'route-oblique-pitch',
          ),
        )}
      {design.kind === 'strip' &&
        item(
          t('routeEditor.leftWidth'),
          'params.leftWidthM',
          number(
            'params.leftWidthM',
            params.leftWidthM,
            (v) => setParam('leftWidthM', v),
            'route-left-width',
          ),
        )}
      {design.kind === 'strip' &&
        item(
          t('routeEditor.rightWidth'),
          'params.rightWidthM',
          number(
            'params.rightWidthM',
            params.rightWidthM,
            (v) => setParam('rightWidthM', v),
            'route-right-width',
          ),
        )}
      {item(
        t('routeEditor.speed'),
        'params.speedMS',
        number('params.speedMS', params.speedMS, (v) => setParam('speedMS', v), 'route-speed'),
      )}
      {item(
        t('routeEditor.heightMode'),
        'params.heightMode',
        <Select
          value={(params.heightMode as string | undefined) ?? 'relativeToStartPoint'}
          options={MAPPING_HEIGHT_MODES.map((mode) => ({
            value: mode,
            label: t(`routeEditor.heightModes.${mode}`),
          }))}
          onChange={(value: string) => setParam('heightMode', value)}
        />,
      )}
    </>
  );
}
