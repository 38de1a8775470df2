import {
  cameraForRoute,
  type DockOption,
  type Language,
  type LonLatPosition,
  ROUTE_AIRCRAFT,
  ROUTE_KINDS,
  type RouteDetail,
  type RouteKind,
  stripBand,
  translate,
} from '@aos/contract';
import { Alert, App, Button, Form, Radio, Space, Spin, Tooltip } from 'antd';
import {
  Suspense,
  lazy,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../api/http';
import { areasInBox } from '../../../components/map/zones/api';
import { suspendUntilStrings } from '../../../i18n/strings';
import { MapLoading } from '../../../components/map/LazyMapView';
import { parseLonLatText } from '../../../components/map/coordinates';
import { loadMapChunk } from '../../../components/map/load';
import { useMapSettings } from '../../../components/map/settings';
import {
  checkOfRefusal,
  checkRoute,
  dockDetail,
  dockOptions,
  routeDetail,
  submitRoute,
  uploadScreenshot,
} from './api';
import {
  addWaypoint,
  deleteWaypoints,
  type DesignIssues,
  designOfKind,
  editWaypoints,
  type EditorDesign,
  historyReducer,
  insertOnLeg,
  moveWaypoints,
  planLive,
  startHistory,
  type WaypointInput,
} from './design';
import { formatDuration, formatLength } from './format';
import HeightProfile from './HeightProfile';
import { profileOf } from './profile';
import CheckList, { type CheckState } from './CheckList';
import { fieldKit } from './fields';
import MissionFields from './MissionFields';
import { MappingFields, WaypointFields } from './PlannerFields';
import RecordFields, { type Basics } from './RecordFields';
import ResultFigures from './ResultFigures';
import SelectionFields from './SelectionFields';
import './locale';
import './route-editor.css';

const EditorMap = lazy(() => loadMapChunk(() => import('./EditorMap')));

export interface RouteEditorProps {
  routeId: string | null;
  onClose(): void;
  onSaved(route: RouteDetail): void;
}

const DEFAULT_AIRCRAFT =
  ROUTE_AIRCRAFT.find((model) => cameraForRoute(model.id, null))?.id ?? ROUTE_AIRCRAFT[0]!.id;

/** The content area the editor covers (the shell's), or the window. */
function useContentRect() {
  const [rect, setRect] = useState<{ top: number; left: number; width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const content = document.querySelector('.console-content') ?? document.querySelector('.console-main');
      const box = content?.getBoundingClientRect();
      setRect(
        box && box.width > 400
          ? { top: box.top, left: box.left, width: box.width, height: window.innerHeight - box.top }
          : { top: 0, left: 0, width: window.innerWidth, height: window.innerHeight },
      );
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return rect;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The route editor (issue 16): a full-screen layer over the console's content with the route's record, its
 * planner's parameters and mission settings on the left, the shared map in the middle with the waypoints or
 * the area and the planned lines, the live figures and the checks on the right, and the height profile under
 * the map. Every change of the design can be undone (100 steps). Save uploads a picture of the map and
 * submits the design; the server plans it again.
 */
export default function RouteEditor({ routeId, onClose, onSaved }: RouteEditorProps) {
  // opened by the route manager (React.lazy, not the screen registry): wait for this folder's strings
  suspendUntilStrings();
  const { t, i18n } = useTranslation();
  const language = (i18n.language === 'en-US' ? 'en-US' : 'zh-CN') as Language;
  const english = language === 'en-US';
  const { message, modal } = App.useApp();
  const settings = useMapSettings();
  const rect = useContentRect();

  const [loading, setLoading] = useState(routeId !== null);
  const [loadError, setLoadError] = useState(false);
  const [basics, setBasics] = useState<Basics>({
    name: '',
    aircraftModelId: DEFAULT_AIRCRAFT,
    payloadModelId: null,
    hangarId: null,
    manufacturerId: null,
    isPublic: 0,
  });
  const [basicsDirty, setBasicsDirty] = useState(false);
  const [history, dispatch] = useReducer(historyReducer<EditorDesign>, undefined, () =>
    startHistory(designOfKind('waypoint', DEFAULT_AIRCRAFT, null)),
  );
  const design = history.present;
  const [readOnly, setReadOnly] = useState<{ waylines: [number, number, number][][] } | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [drawing, setDrawing] = useState(false);
  const [fitKey, setFitKey] = useState(0);
  const [docks, setDocks] = useState<DockOption[]>([]);
  const [dockPoint, setDockPoint] = useState<LonLatPosition | null>(null);
  const [checks, setChecks] = useState<CheckState>({ status: 'idle' });
  const [saving, setSaving] = useState(false);
  const [serverIssues, setServerIssues] = useState<Record<string, string>>({});
  const [nameMissing, setNameMissing] = useState(false);
  const takePicture = useRef<(() => Promise<Blob | null>) | null>(null);

  const change = useCallback(
    (next: EditorDesign, key?: string) => {
      dispatch({ type: 'change', value: next, key });
      setServerIssues({});
    },
    [dispatch],
  );
  const editBasics = (patch: Partial<Basics>) => {
    setBasics((old) => ({ ...old, ...patch }));
    setBasicsDirty(true);
  };

  // ----------------------------------------------------------------------------------------- loading

  useEffect(() => {
    dockOptions().then(setDocks, () => undefined);
  }, []);

  useEffect(() => {
    if (routeId === null) return;
    let gone = false;
    routeDetail(routeId).then(
      (route) => {
        if (gone) return;
        setBasics({
          name: route.name,
          aircraftModelId: route.aircraftModelId,
          payloadModelId: route.payloadModelId,
          hangarId: route.hangarId,
          manufacturerId: route.manufacturerId,
          isPublic: route.isPublic,
        });
        if (route.design) dispatch({ type: 'reset', value: route.design as unknown as EditorDesign });
        else {
          setReadOnly({ waylines: route.waylines });
          dispatch({
            type: 'reset',
            value: designOfKind(route.kind, route.aircraftModelId, route.payloadModelId),
          });
        }
        setLoading(false);
        setFitKey((key) => key + 1);
      },
      () => {
        if (gone) return;
        setLoading(false);
        setLoadError(true);
      },
    );
    return () => {
      gone = true;
    };
  }, [routeId]);

  useEffect(() => {
    setDockPoint(null);
    if (!basics.hangarId) return;
    let gone = false;
    dockDetail(basics.hangarId).then(
      (dock) => {
        if (!gone && dock.alternateLongitude !== null && dock.alternateLatitude !== null)
          setDockPoint([dock.alternateLongitude, dock.alternateLatitude]);
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [basics.hangarId]);

  // -------------------------------------------------------------------------------------- live plan

  // Planning follows the design without holding up typing or dragging: React plans the deferred value when
  // it has time, and the inputs and the map stay with the latest one.
  const deferred = useDeferredValue(design);
  const live = useMemo(() => planLive(deferred), [deferred]);
  const issues: DesignIssues = live.issues;
  const plannedLines = useMemo<LonLatPosition[][]>(() => {
    if (readOnly)
      return readOnly.waylines.map((line) => line.map(([lon, lat]) => [lon, lat] as LonLatPosition));
    if (!live.ok || design.kind === 'waypoint') return [];
    return live.plan.waylines.map((line) => line.map((point) => point.position));
  }, [live, readOnly, design.kind]);
  const profile = useMemo(() => {
    if (readOnly)
      return profileOf(
        readOnly.waylines.map((line) =>
          line.map(([lon, lat, h]) => ({ position: [lon, lat] as LonLatPosition, heightM: h })),
        ),
      );
    return profileOf(live.ok ? live.plan.waylines : []);
  }, [live, readOnly]);

  const waypoints: WaypointInput[] = useMemo(
    () => (design.kind === 'waypoint' ? (design.params.waypoints ?? []) : []),
    [design],
  );
  const positions = useMemo(() => waypoints.map((point) => point.position), [waypoints]);
  const shape = useMemo<LonLatPosition[] | null>(() => {
    const params = design.params as {
      polygon?: { coordinates: LonLatPosition[][] };
      centreLine?: { coordinates: LonLatPosition[] };
    };
    if (design.kind === 'strip') return params.centreLine?.coordinates ?? null;
    if (design.kind === 'area' || design.kind === 'oblique') return params.polygon?.coordinates[0] ?? null;
    return null;
  }, [design]);
  const stripWidths = design.kind === 'strip' ? design.params : null;
  const leftWidthM = typeof stripWidths?.leftWidthM === 'number' ? stripWidths.leftWidthM : 50;
  const rightWidthM = typeof stripWidths?.rightWidthM === 'number' ? stripWidths.rightWidthM : 50;
  const band = useMemo(
    () => (design.kind === 'strip' && shape ? stripBand(shape, leftWidthM, rightWidthM) : null),
    [design.kind, shape, leftWidthM, rightWidthM],
  );

  // ----------------------------------------------------------------------------------------- checks

  const checkKey =
    live.ok && !readOnly ? JSON.stringify([live.design, basics.aircraftModelId, basics.hangarId]) : null;
  useEffect(() => {
    if (!checkKey || !live.ok) return;
    if (checks.status === 'unavailable') return;
    const body = { design: live.design, aircraftModelId: basics.aircraftModelId, hangarId: basics.hangarId };
    let gone = false;
    const timer = setTimeout(() => {
      setChecks((old) => (old.status === 'done' ? old : { status: 'checking' }));
      checkRoute(body).then(
        (check) => !gone && setChecks(check ? { status: 'done', check } : { status: 'unavailable' }),
        () => !gone && setChecks({ status: 'failed' }),
      );
    }, 700);
    return () => {
      gone = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checkKey]);
  const flagged = useMemo(() => {
    const set = new Set<string>();
    if (checks.status === 'done')
      for (const item of checks.check.items) for (const [w, i] of item.points) set.add(`${w}:${i}`);
    return set;
  }, [checks]);

  // ------------------------------------------------------------------------------------- map events

  const onAdd = useCallback(
    (position: LonLatPosition) => change(addWaypoint(latestDesign.current, position)),
    [change],
  );
  const latestDesign = useRef(design);
  latestDesign.current = design;
  const onInsert = useCallback(
    (leg: number, position: LonLatPosition) => {
      change(insertOnLeg(latestDesign.current, leg, position));
      setSelected(new Set([leg + 1]));
    },
    [change],
  );
  const onMove = useCallback(
    (moves: Map<number, LonLatPosition>, final: boolean) => {
      change(moveWaypoints(latestDesign.current, moves), 'drag');
      if (final) dispatch({ type: 'seal' });
    },
    [change],
  );
  const onSelect = useCallback((indexes: number[], mode: 'replace' | 'toggle' | 'add') => {
    setSelected((old) => {
      if (mode === 'replace') return new Set(indexes);
      const next = new Set(old);
      for (const index of indexes) {
        if (mode === 'toggle' && next.has(index)) next.delete(index);
        else next.add(index);
      }
      return next;
    });
  }, []);
  const onShape = useCallback(
    (ring: LonLatPosition[]) => {
      const current = latestDesign.current;
      const rounded = ring.map(
        ([lon, lat]) => [Math.round(lon * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7] as LonLatPosition,
      );
      if (current.kind === 'strip')
        change({
          ...current,
          params: { ...current.params, centreLine: { type: 'LineString', coordinates: rounded } },
        });
      else {
        const closed =
          rounded.length && (rounded[0]![0] !== rounded.at(-1)![0] || rounded[0]![1] !== rounded.at(-1)![1])
            ? [...rounded, rounded[0]!]
            : rounded;
        change({
          ...current,
          params: { ...current.params, polygon: { type: 'Polygon', coordinates: [closed] } },
        });
      }
    },
    [change],
  );
  const onPicture = useCallback((take: () => Promise<Blob | null>) => {
    takePicture.current = take;
  }, []);

  // ------------------------------------------------------------------------------ keyboard and close

  const dirty = basicsDirty || history.past.length > 0;
  const requestClose = useCallback(() => {
    if (!dirty) return onClose();
    modal.confirm({
      title: t('routeEditor.discardTitle'),
      content: t('routeEditor.discardText'),
      okText: t('routeEditor.discard'),
      cancelText: t('routeEditor.keepEditing'),
      okButtonProps: {
        danger: true,
        ...({ 'data-testid': 'route-editor-discard' } as Record<`data-${string}`, string>),
      },
      onOk: onClose,
    });
  }, [dirty, modal, onClose, t]);

  const keyState = useRef({ requestClose, drawing, selected });
  keyState.current = { requestClose, drawing, selected };
  useEffect(() => {
    const key = (event: KeyboardEvent) => {
      if (document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-confirm')) return;
      const ctrl = event.ctrlKey || event.metaKey;
      if (event.key === 'Escape') {
        if (keyState.current.drawing) setDrawing(false);
        else keyState.current.requestClose();
        return;
      }
      if (isTyping(event.target)) return;
      const letter = event.key.toLowerCase();
      if (ctrl && letter === 'z') {
        event.preventDefault();
        dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
      } else if (ctrl && letter === 'y') {
        event.preventDefault();
        dispatch({ type: 'redo' });
      } else if (
        (event.key === 'Delete' || event.key === 'Backspace') &&
        keyState.current.selected.size > 0
      ) {
        event.preventDefault();
        change(deleteWaypoints(latestDesign.current, keyState.current.selected));
        setSelected(new Set());
      }
    };
    document.addEventListener('keydown', key);
    return () => document.removeEventListener('keydown', key);
  }, [change]);

  // Selections past the end (an undo removed points) are dropped.
  useEffect(() => {
    if ([...selected].some((index) => index >= waypoints.length))
      setSelected(new Set([...selected].filter((index) => index < waypoints.length)));
  }, [waypoints.length, selected]);

  // -------------------------------------------------------------------------------------------- save

  const save = async () => {
    if (!basics.name.trim()) {
      setNameMissing(true);
      return;
    }
    if (!readOnly && !live.ok) {
      message.error(t('routeEditor.invalid'));
      return;
    }
    setSaving(true);
    try {
      let screenshot: string | undefined;
      try {
        const blob = await takePicture.current?.();
        if (blob) screenshot = await uploadScreenshot(blob, `route-${Date.now()}.png`);
      } catch {
        // the route is saved without its picture
      }
      const route = await submitRoute({
        ...(routeId ? { id: routeId } : {}),
        name: basics.name.trim(),
        aircraftModelId: basics.aircraftModelId,
        payloadModelId: basics.payloadModelId,
        hangarId: basics.hangarId,
        manufacturerId: basics.manufacturerId,
        isPublic: basics.isPublic,
        ...(screenshot ? { screenshot } : {}),
        design: readOnly || !live.ok ? null : live.design,
      });
      message.success(
        t('routeEditor.saved', {
          length: formatLength(t, route.distance),
          duration: formatDuration(t, route.duration),
          waypoints: route.waypointCount,
        }),
      );
      if (!screenshot) message.warning(t('routeEditor.savedShot'));
      onSaved(route);
    } catch (error) {
      const check = checkOfRefusal(error);
      if (check) {
        setChecks({ status: 'done', check });
        message.error(t('routeEditor.refused'));
      }
      const fields = fieldErrors(error);
      if (fields) {
        const mapped: Record<string, string> = {};
        for (const [field, text] of Object.entries(fields)) mapped[field.replace(/^design\./, '')] = text;
        setServerIssues(mapped);
      }
    } finally {
      setSaving(false);
    }
  };

  // ----------------------------------------------------------------------------------------- fields

  const problem = (path: string): string | undefined => {
    const server = serverIssues[path];
    if (server) return server;
    const issue = issues[path];
    return issue ? translate(language, issue.key, issue.params) : undefined;
  };
  const params = design.params as Record<string, unknown>;
  // The setters read the latest design: the panel is memoised and its closures may be older than it.
  const setParam = (name: string, value: unknown) => {
    const current = latestDesign.current;
    change(
      { ...current, params: { ...current.params, [name]: value === null ? undefined : value } },
      `param:${name}`,
    );
  };
  const mission = design.mission as Record<string, unknown>;
  const setMission = (patch: Record<string, unknown>, key: string) => {
    const current = latestDesign.current;
    change({ ...current, mission: { ...current.mission, ...patch } }, `mission:${key}`);
  };
  const defaults = (params.defaults ?? {}) as Record<string, unknown>;
  const setDefault = (name: string, value: unknown) => {
    const current = latestDesign.current;
    const old = (current.params.defaults ?? {}) as Record<string, unknown>;
    change(
      {
        ...current,
        params: { ...current.params, defaults: { ...old, [name]: value === null ? undefined : value } },
      },
      `default:${name}`,
    );
  };
  const kit = fieldKit(problem, !!readOnly);
  const mapping = design.kind !== 'waypoint';
  const byGsd = mapping && params.heightM === undefined && params.gsdCm !== undefined;

  const selection = [...selected].sort((a, b) => a - b);

  const [coordinateText, setCoordinateText] = useState('');
  const [coordinateError, setCoordinateError] = useState<string | null>(null);
  useEffect(() => {
    setCoordinateText(
      (shape ?? [])
        .slice(0, design.kind === 'strip' ? undefined : -1)
        .map(([lon, lat]) => `${lon},${lat}`)
        .join('\n'),
    );
    setCoordinateError(null);
  }, [shape, design.kind]);
  const applyCoordinates = () => {
    const lines = coordinateText
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const parsed: LonLatPosition[] = [];
    for (const [index, line] of lines.entries()) {
      const position = parseLonLatText(line);
      if (!position) return setCoordinateError(t('routeEditor.coordinatesInvalid', { line: index + 1 }));
      parsed.push([position[0], position[1]]);
    }
    const minimum = design.kind === 'strip' ? 2 : 3;
    if (parsed.length < minimum)
      return setCoordinateError(t('routeEditor.coordinatesTooFew', { count: minimum }));
    setCoordinateError(null);
    onShape(parsed);
    setFitKey((key) => key + 1);
  };

  // ------------------------------------------------------------------------------------------ render

  const figures = live.ok ? live.plan.figures : undefined;
  const latestFigures = useRef(figures);
  latestFigures.current = figures;
  const notPlanned = !live.ok
    ? live.error
      ? translate(language, live.error.key, live.error.params)
      : Object.entries(live.issues).map(([, issue]) => translate(language, issue.key, issue.params))[0]
    : undefined;
  const emptyHint =
    design.kind === 'waypoint'
      ? waypoints.length < 2
        ? t('routeEditor.waypointsHint')
        : undefined
      : !shape
        ? t('routeEditor.planHint')
        : undefined;

  // The left panel does not depend on the waypoints: it is drawn again only when what it shows changes, not
  // on every move of a drag (on a 2,000-waypoint route its antd fields cost more than the planning).
  const { waypoints: _waypoints, ...panelParams } = design.params;
  const panelKey = JSON.stringify([
    design.kind,
    design.mission,
    panelParams,
    issues,
    serverIssues,
    basics,
    docks.length,
    !!readOnly,
    drawing,
    coordinateText,
    coordinateError,
    nameMissing,
    language,
  ]);
  const panel = useMemo(
    () => (
      <aside className="route-editor-panel" data-testid="route-editor-panel">
        <Form layout="vertical" size="small" component="div">
          <RecordFields
            kit={kit}
            language={language}
            basics={basics}
            editBasics={editBasics}
            docks={docks}
            nameMissing={nameMissing}
            setNameMissing={setNameMissing}
            serverIssues={serverIssues}
            mapping={mapping}
            cameraId={params.cameraId}
            setParam={setParam}
            readOnly={!!readOnly}
          />
          {!readOnly && (
            <>
              {kit.item(
                t('routeEditor.kind'),
                'kind',
                <Radio.Group
                  value={design.kind}
                  optionType="button"
                  buttonStyle="solid"
                  onChange={(event) => {
                    const kind = event.target.value as RouteKind;
                    change(
                      designOfKind(kind, basics.aircraftModelId, basics.payloadModelId, latestDesign.current),
                    );
                    setSelected(new Set());
                    setDrawing(false);
                  }}
                  options={ROUTE_KINDS.map((kind) => ({
                    value: kind,
                    label: t(`routeEditor.kinds.${kind}`),
                  }))}
                  data-testid="route-editor-kind"
                />,
              )}
              <h3>{t('routeEditor.planning')}</h3>
              {design.kind === 'waypoint' ? (
                <WaypointFields
                  kit={kit}
                  params={params}
                  defaults={defaults}
                  setParam={setParam}
                  setDefault={setDefault}
                />
              ) : (
                <MappingFields
                  kit={kit}
                  design={design}
                  params={params}
                  shape={shape}
                  drawing={drawing}
                  setDrawing={setDrawing}
                  coordinateText={coordinateText}
                  setCoordinateText={setCoordinateText}
                  coordinateError={coordinateError}
                  applyCoordinates={applyCoordinates}
                  byGsd={byGsd}
                  english={english}
                  latestDesign={latestDesign}
                  latestFigures={latestFigures}
                  change={change}
                  setParam={setParam}
                />
              )}
              <MissionFields kit={kit} mission={mission} setMission={setMission} />
            </>
          )}
        </Form>
      </aside>
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [panelKey],
  );

  if (!rect) return null;
  const layer = (
    <div
      className="route-editor"
      role="dialog"
      aria-modal="true"
      aria-label={routeId ? t('routeEditor.titleEdit', { name: basics.name }) : t('routeEditor.titleNew')}
      data-testid="route-editor"
      style={{ top: rect.top, left: rect.left, width: rect.width, height: rect.height }}
    >
      <header className="route-editor-header">
        <h2>{routeId ? t('routeEditor.titleEdit', { name: basics.name }) : t('routeEditor.titleNew')}</h2>
        <Space>
          <Tooltip title={t('routeEditor.undoHint')}>
            <Button
              onClick={() => dispatch({ type: 'undo' })}
              disabled={history.past.length === 0 || !!readOnly}
              data-testid="route-editor-undo"
            >
              {t('routeEditor.undo')}
            </Button>
          </Tooltip>
          <Tooltip title={t('routeEditor.redoHint')}>
            <Button
              onClick={() => dispatch({ type: 'redo' })}
              disabled={history.future.length === 0 || !!readOnly}
              data-testid="route-editor-redo"
            >
              {t('routeEditor.redo')}
            </Button>
          </Tooltip>
          <Button
            type="primary"
            loading={saving}
            onClick={() => void save()}
            disabled={loading || loadError}
            data-testid="route-editor-save"
          >
            {t('routeEditor.save')}
          </Button>
          <Button onClick={requestClose} data-testid="route-editor-close">
            {t('routeEditor.close')}
          </Button>
        </Space>
      </header>
      {loading ? (
        <div className="route-editor-loading">
          <Spin />
        </div>
      ) : loadError ? (
        <Alert type="error" showIcon title={t('routeEditor.loadFailed')} style={{ margin: 24 }} />
      ) : (
        <div className="route-editor-body">
          {panel}
          <main className="route-editor-main">
            <div className="route-editor-map">
              <Suspense fallback={<MapLoading height="100%" />}>
                <EditorMap
                  settings={settings}
                  kind={design.kind}
                  readOnly={!!readOnly}
                  waypoints={positions}
                  selected={selected}
                  flagged={flagged}
                  shape={readOnly ? null : shape}
                  lines={plannedLines}
                  band={readOnly ? null : band}
                  loadZones={areasInBox}
                  dockPoint={dockPoint}
                  drawing={drawing}
                  fitKey={fitKey}
                  onAdd={onAdd}
                  onInsert={onInsert}
                  onMove={onMove}
                  onSelect={onSelect}
                  onShape={onShape}
                  onDrawEnd={() => setDrawing(false)}
                  onPicture={onPicture}
                />
              </Suspense>
            </div>
            <HeightProfile
              profile={profile}
              selected={selected}
              flagged={flagged}
              securityHeightM={
                (live.ok ? live.design.mission.takeOffSecurityHeightM : undefined) ?? undefined
              }
              rthHeightM={live.ok ? live.design.mission.rthHeightM : undefined}
              onSelect={
                design.kind === 'waypoint' && !readOnly
                  ? (index, toggle) => onSelect([index], toggle ? 'toggle' : 'replace')
                  : undefined
              }
              onHeight={
                design.kind === 'waypoint' && !readOnly
                  ? (index, heightM, final) => {
                      change(editWaypoints(latestDesign.current, [index], { heightM }), `profile:${index}`);
                      if (final) dispatch({ type: 'seal' });
                    }
                  : undefined
              }
            />
          </main>
          <aside className="route-editor-side">
            <h3>{t('routeEditor.results')}</h3>
            <ResultFigures
              figures={figures}
              mapping={mapping}
              readOnly={!!readOnly}
              emptyHint={emptyHint}
              notPlanned={notPlanned}
            />
            <h3>{t('routeEditor.checks')}</h3>
            <CheckList
              checks={checks}
              readOnly={!!readOnly}
              language={language}
              onSelectPoints={(indexes) => setSelected(new Set(indexes))}
            />
            {design.kind === 'waypoint' && !readOnly && (
              <SelectionFields
                design={design}
                waypoints={waypoints}
                selection={selection}
                setSelected={setSelected}
                change={change}
                problem={problem}
              />
            )}
          </aside>
        </div>
      )}
    </div>
  );
  return createPortal(layer, document.body);
}
