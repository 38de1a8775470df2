import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  ExpandOutlined,
  UndoOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { type Geometry, type GeometryType, isMessageKey, translate } from '@aos/contract';
import { App, Button, Dropdown, Flex, InputNumber, Space, Tooltip, Typography } from 'antd';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../store/session';
import { MapLoading } from '../LazyMapView';
import { loadMapChunk } from '../load';
import { useMapSettings } from '../settings';
import {
  AREA_TYPES,
  type Measures,
  type UndoStack,
  formatArea,
  formatLength,
  popUndo,
  pushUndo,
  radiusProblem,
  removalRefusal,
  roundPosition,
} from './geometryEdit';
import '../locale';

const GeometryEditorMap = lazy(() => loadMapChunk(() => import('./GeometryEditorMap')));

export interface GeometryEditorProps {
  /** the contract's Geometry (WGS-84; a circle's radius in metres); null or absent: nothing drawn yet */
  value?: Geometry | null;
  onChange?: (value: Geometry | null) => void;
  /** which shapes may be drawn (default: polygon and circle, a range) */
  types?: readonly GeometryType[];
  /** the name an exported file carries */
  name?: string;
  height?: number;
  disabled?: boolean;
  testId?: string;
}

/** the key of the node-refusal toast, so that a newer one replaces it and it can be taken away */
const REFUSAL_MESSAGE = 'geometry-editor-refusal';

const TYPE_ICONS: Record<GeometryType, string> = {
  Point: '•',
  LineString: '╱',
  Polygon: '⬠',
  Circle: '◯',
};

/**
 * Draw and edit one shape on the map (spec §5 Geometry): draw a point, line, polygon or circle; move nodes,
 * add one by dragging an edge, delete one (Alt+click, the delete mode, or Delete over a node; refused under
 * 2 endpoints for a line and 3 nodes for a polygon with the spec's message); a circle's centre and radius
 * also as numbers (radius ≥ 5 m); geodesic length and area; GeoJSON/KML import and export; undo.
 * OpenLayers loads with the map part, on demand.
 */
export function GeometryEditor({
  value = null,
  onChange,
  types = AREA_TYPES,
  name = 'shape',
  height = 340,
  disabled = false,
  testId = 'geometry-editor',
}: GeometryEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useSession((state) => state.language);
  const settings = useMapSettings();
  const [drawing, setDrawing] = useState<GeometryType | null>(null);
  const [deleteMode, setDeleteMode] = useState(false);
  const [undo, setUndo] = useState<UndoStack>([]);
  const [measures, setMeasures] = useState<Measures>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [fitKey, setFitKey] = useState(0);
  const file = useRef<HTMLInputElement>(null);
  const current = useRef(value);
  /** the last value this editor gave out (a drawing, an edit, an import, an undo) */
  const given = useRef(value);
  current.current = value;

  // Another value from outside (the form loads another record, or is reset after a save): the previous
  // shape's refusal and undo steps do not belong to it.
  useEffect(() => {
    if (value === given.current) return;
    given.current = value;
    setRefusal(null);
    setUndo([]);
    message.destroy(REFUSAL_MESSAGE);
  }, [value, message]);
  // nor does a refusal outlive the editor (the dialog closed after a save)
  useEffect(() => () => message.destroy(REFUSAL_MESSAGE), [message]);

  /** A contract message key (or the editor's own key) in the user's language. */
  const say = useCallback(
    (key: string) => (isMessageKey(key) ? translate(language, key) : t(key)),
    [language, t],
  );

  const change = useCallback(
    (next: Geometry | null) => {
      const previous = current.current;
      setUndo((stack) => pushUndo(stack, previous, next));
      setRefusal(null);
      current.current = next;
      given.current = next;
      onChange?.(next);
    },
    [onChange],
  );

  const back = useCallback(() => {
    const step = popUndo(undo);
    if (!step) return;
    setUndo(step.stack);
    setRefusal(null);
    current.current = step.value;
    given.current = step.value;
    onChange?.(step.value);
  }, [undo, onChange]);

  const refused = useCallback(
    (key: string) => {
      const text = say(key);
      setRefusal(text);
      void message.warning({ content: text, key: REFUSAL_MESSAGE });
    },
    [say, message],
  );

  // Ctrl+Z (Cmd+Z) undoes while the pointer or focus is in the editor.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const key = (event: KeyboardEvent) => {
      const input = (event.target as HTMLElement).closest('input, textarea');
      if (!input && (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        back();
      }
    };
    element.addEventListener('keydown', key);
    return () => element.removeEventListener('keydown', key);
  }, [back]);

  const importFile = async (chosen: File) => {
    const { readGeometryFile } = await import('./geometryFiles');
    const result = readGeometryFile(await chosen.text(), chosen.name, types);
    if ('error' in result) {
      void message.error(say(result.error));
      return;
    }
    change(result.geometry);
    setFitKey((key) => key + 1);
    void message.success(t('geometryEditor.imported'));
  };

  const exportAs = async (format: 'geojson' | 'kml') => {
    if (!value) return;
    const files = await import('./geometryFiles');
    if (format === 'geojson')
      files.downloadText(files.geometryToGeoJson(value, name), `${name}.geojson`, 'application/geo+json');
    else
      files.downloadText(
        files.geometryToKml(value, name),
        `${name}.kml`,
        'application/vnd.google-earth.kml+xml',
      );
  };

  const nodesEditable = value?.type === 'LineString' || value?.type === 'Polygon';

  return (
    <div ref={box} data-testid={testId}>
      <Flex vertical gap={8}>
        <Flex gap={8} wrap align="center">
          <Space.Compact>
            {types.map((type) => (
              <Tooltip key={type} title={t(`geometryEditor.drawHint.${type}`)}>
                <Button
                  icon={<EditOutlined />}
                  type={drawing === type ? 'primary' : 'default'}
                  disabled={disabled}
                  onClick={() => {
                    setDeleteMode(false);
                    setDrawing((now) => (now === type ? null : type));
                  }}
                  data-testid={`${testId}-draw-${type}`}
                >
                  {TYPE_ICONS[type]} {t(`geometryEditor.type.${type}`)}
                </Button>
              </Tooltip>
            ))}
          </Space.Compact>
          <Tooltip title={t('geometryEditor.deleteNodeHint')}>
            <Button
              icon={<DeleteOutlined />}
              type={deleteMode ? 'primary' : 'default'}
              danger={deleteMode}
              disabled={disabled || !nodesEditable}
              onClick={() => {
                setDrawing(null);
                setDeleteMode((now) => !now);
              }}
              data-testid={`${testId}-delete-node`}
            >
              {t('geometryEditor.deleteNode')}
            </Button>
          </Tooltip>
          <Button
            icon={<UndoOutlined />}
            disabled={disabled || undo.length === 0}
            onClick={back}
            data-testid={`${testId}-undo`}
          >
            {t('geometryEditor.undo')}
          </Button>
          <Button disabled={disabled || !value} onClick={() => change(null)} data-testid={`${testId}-clear`}>
            {t('geometryEditor.clear')}
          </Button>
          <Tooltip title={t('geometryEditor.fit')}>
            <Button
              icon={<ExpandOutlined />}
              aria-label={t('geometryEditor.fit')}
              disabled={!value}
              onClick={() => setFitKey((key) => key + 1)}
              data-testid={`${testId}-fit`}
            />
          </Tooltip>
          <Button
            icon={<UploadOutlined />}
            disabled={disabled}
            onClick={() => file.current?.click()}
            data-testid={`${testId}-import`}
          >
            {t('geometryEditor.import')}
          </Button>
          <input
            ref={file}
            type="file"
            accept=".geojson,.json,.kml"
            style={{ display: 'none' }}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (chosen) void importFile(chosen);
            }}
            data-testid={`${testId}-file`}
          />
          <Dropdown
            disabled={!value}
            menu={{
              items: [
                { key: 'geojson', label: 'GeoJSON' },
                { key: 'kml', label: 'KML' },
              ],
              onClick: ({ key }) => void exportAs(key as 'geojson' | 'kml'),
            }}
          >
            <Button icon={<DownloadOutlined />} disabled={!value} data-testid={`${testId}-export`}>
              {t('geometryEditor.export')}
            </Button>
          </Dropdown>
        </Flex>

        {value?.type === 'Circle' && (
          <CircleInputs value={value} disabled={disabled} onChange={change} say={say} testId={testId} />
        )}

        <div style={{ position: 'relative' }}>
          <Suspense fallback={<MapLoading height={height} />}>
            <GeometryEditorMap
              settings={settings}
              value={value}
              drawing={disabled ? null : drawing}
              deleteMode={deleteMode}
              onChange={change}
              onDrawEnd={() => setDrawing(null)}
              mayDeleteNode={() => {
                const refusedKey = removalRefusal(current.current);
                if (refusedKey) refused(refusedKey);
                return !refusedKey;
              }}
              onMeasures={setMeasures}
              fitKey={fitKey}
              height={height}
              testId={`${testId}-map`}
            />
          </Suspense>
        </div>

        <Flex gap={16} wrap justify="space-between">
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${testId}-hint`}>
            {drawing ? t(`geometryEditor.drawHint.${drawing}`) : t('geometryEditor.editHint')}
          </Typography.Text>
          <Typography.Text style={{ fontSize: 12 }} data-testid={`${testId}-measures`}>
            {[
              measures.length !== undefined &&
                `${t('geometryEditor.length')} ${formatLength(measures.length)}`,
              measures.perimeter !== undefined &&
                `${t('geometryEditor.perimeter')} ${formatLength(measures.perimeter)}`,
              measures.area !== undefined && `${t('geometryEditor.area')} ${formatArea(measures.area)}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </Flex>
        {refusal && (
          <Typography.Text type="danger" role="alert" data-testid={`${testId}-refusal`}>
            {refusal}
          </Typography.Text>
        )}
      </Flex>
    </div>
  );
}

/** A circle's centre and radius as numbers: a radius that is empty or under 5 m is refused with the spec's words. */
function CircleInputs({
  value,
  disabled,
  onChange,
  say,
  testId,
}: {
  value: Extract<Geometry, { type: 'Circle' }>;
  disabled: boolean;
  onChange: (value: Geometry) => void;
  say: (key: string) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [radius, setRadius] = useState<number | null>(value.radius);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setRadius(value.radius);
    setProblem(null);
  }, [value.radius]);

  const setCentre = (index: 0 | 1, input: number | null) => {
    if (input === null) return;
    const center = [...value.center] as [number, number];
    center[index] = input;
    onChange({ ...value, center: roundPosition(center) });
  };
  const applyRadius = (input: number | null) => {
    setRadius(input);
    const checked = radiusProblem(input);
    if ('error' in checked) {
      setProblem(say(checked.error));
      return;
    }
    setProblem(null);
    if (checked.radius !== value.radius) onChange({ ...value, radius: checked.radius });
  };

  return (
    <Flex gap={12} wrap align="start">
      <Space.Compact>
        <Space.Addon>{t('map.longitude')}</Space.Addon>
        <InputNumber
          value={value.center[0]}
          min={-180}
          max={180}
          step={0.000001}
          precision={6}
          disabled={disabled}
          onChange={(input) => setCentre(0, input)}
          style={{ width: 150 }}
          data-testid={`${testId}-center-longitude`}
        />
      </Space.Compact>
      <Space.Compact>
        <Space.Addon>{t('map.latitude')}</Space.Addon>
        <InputNumber
          value={value.center[1]}
          min={-85}
          max={85}
          step={0.000001}
          precision={6}
          disabled={disabled}
          onChange={(input) => setCentre(1, input)}
          style={{ width: 140 }}
          data-testid={`${testId}-center-latitude`}
        />
      </Space.Compact>
      <Flex vertical>
        <Space.Compact>
          <Space.Addon>{t('geometryEditor.radius')}</Space.Addon>
          <InputNumber
            value={radius}
            step={10}
            precision={1}
            disabled={disabled}
            status={problem ? 'error' : undefined}
            onChange={applyRadius}
            style={{ width: 140 }}
            data-testid={`${testId}-radius`}
          />
          <Space.Addon>m</Space.Addon>
        </Space.Compact>
        {problem && (
          <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`${testId}-radius-error`}>
            {problem}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
