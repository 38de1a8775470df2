import type { MapMark } from '@aos/contract';
import type OlMap from 'ol/Map';
import { useCallback, useEffect, useRef } from 'react';
import MapView from '../MapView';
import { CHINA_EXTENT } from '../coordinates';
import type { MapSettings } from '../settings';
import { MarksLayer } from './MarksLayer';

export interface MarksMapProps {
  settings: MapSettings;
  /** the marks to draw (those of the directories shown) */
  marks: readonly MapMark[];
  selectedId: string | null;
  onSelect: (mark: MapMark | null) => void;
  /** marks to bring into view (a mark, a directory), with a new `focusKey` each time */
  focus?: readonly Pick<MapMark, 'geometry'>[];
  focusKey?: number;
  height?: number | string;
  testId?: string;
}

/** A screen's map of marks (the directory screen), loaded with OpenLayers on demand. */
export default function MarksMap({
  settings,
  marks,
  selectedId,
  onSelect,
  focus,
  focusKey = 0,
  height = 420,
  testId = 'marks-map',
}: MarksMapProps) {
  const layer = useRef<MarksLayer | null>(null);
  const latest = useRef({ marks, selectedId, onSelect });
  latest.current = { marks, selectedId, onSelect };
  // the first marks read are brought into view once; later changes leave the view where the operator put it
  const fitted = useRef(false);

  const onReady = useCallback((map: OlMap) => {
    const made = new MarksLayer(map, { onSelect: (mark) => latest.current.onSelect(mark) });
    made.setMarks(latest.current.marks);
    made.setSelected(latest.current.selectedId);
    if (latest.current.marks.length) fitted.current = made.fit(latest.current.marks);
    layer.current = made;
    return () => {
      made.dispose();
      layer.current = null;
    };
  }, []);

  useEffect(() => {
    layer.current?.setMarks(marks);
    if (!fitted.current && marks.length && layer.current) fitted.current = layer.current.fit(marks);
  }, [marks]);
  useEffect(() => layer.current?.setSelected(selectedId), [selectedId]);
  useEffect(() => {
    if (focusKey && focus?.length) layer.current?.fit(focus);
  }, [focus, focusKey]);

  return (
    <MapView settings={settings} extent={CHINA_EXTENT} onReady={onReady} height={height} testId={testId} />
  );
}
