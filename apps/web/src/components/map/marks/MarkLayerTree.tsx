import { CaretDownOutlined, CaretRightOutlined } from '@ant-design/icons';
import type { MapDirNode } from '@aos/contract';
import { Empty, Spin } from 'antd';
import type OlMap from 'ol/Map';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../useAction';
import { useGranted } from '../../../navigation/route-titles';
import { setDirVisibility, shownMarks, useDirTree } from './api';
import { MarksLayer } from './MarksLayer';
import { MarkTree } from './MarkTree';
import './marks.css';
import './locale';

export interface MarkLayerTreeProps {
  /** the map to draw on (null until it exists) */
  map: OlMap | null;
  testId?: string;
  /** open at first (default closed: a button in the map's corner) */
  open?: boolean;
}

/**
 * The tenant's marks over any map, with their directories as a small tree in the map's top right corner: an
 * operator with the `mapdir_visibility` button shows and hides directories (for every map: the same switch as
 * on the directory screen). Shown only to those who may read the directories (menu `mapdir`).
 */
export function MarkLayerTree({ map, testId = 'map-marks', open: opening = false }: MarkLayerTreeProps) {
  const { t } = useTranslation();
  const readable = useGranted('mapdir');
  const canToggle = useGranted('mapdir_visibility');
  const tree = useDirTree(readable);
  const [open, setOpen] = useState(opening);
  const [layer, setLayer] = useState<MarksLayer | null>(null);
  const toggle = useAction();

  useEffect(() => {
    if (!map || !readable) return;
    const made = new MarksLayer(map, { zIndex: 6 });
    setLayer(made);
    return () => {
      made.dispose();
      setLayer(null);
    };
  }, [map, readable]);

  const marks = useMemo(() => shownMarks(tree.data ?? []), [tree.data]);
  useEffect(() => layer?.setMarks(marks), [layer, marks]);

  const onToggle = useCallback(
    (dir: MapDirNode, visible: 0 | 1) =>
      void toggle.run(() => setDirVisibility(dir.id, visible), { onDone: () => tree.refresh() }),
    [toggle, tree],
  );

  if (!readable) return null;
  return (
    <div className={`mark-layers${open ? ' is-open' : ''}`} data-testid={testId}>
      <button
        type="button"
        className="mark-layers__head"
        aria-expanded={open}
        onClick={() => setOpen((now) => !now)}
        data-testid={`${testId}-toggle`}
      >
        {open ? <CaretDownOutlined /> : <CaretRightOutlined />}
        {t('mapMarks.layers')}
        <span className="mark-layers__count">{marks.length}</span>
      </button>
      {open && (
        <div className="mark-layers__body">
          {tree.isPending ? (
            <Spin size="small" />
          ) : (tree.data ?? []).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mapMarks.empty')} />
          ) : (
            <MarkTree
              tree={tree.data ?? []}
              onToggle={canToggle ? onToggle : undefined}
              testId={`${testId}-tree`}
            />
          )}
        </div>
      )}
    </div>
  );
}
