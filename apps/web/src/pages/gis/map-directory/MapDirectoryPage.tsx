import {
  AimOutlined,
  DeleteOutlined,
  EditOutlined,
  FileSearchOutlined,
  FolderAddOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { MapDirNode, MapMark } from '@aos/contract';
import { Alert, Button, Card, Empty, Popconfirm, Space, Spin, Table, Tooltip } from 'antd';
import { type ReactNode, Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapLoading } from '../../../components/map/LazyMapView';
import { loadMapChunk } from '../../../components/map/load';
import {
  dirShown,
  flattenDirs,
  setDirVisibility,
  shownMarks,
  useDirTree,
} from '../../../components/map/marks/api';
import { DEFAULT_MARK_COLOR, markIconSvg, svgSource } from '../../../components/map/marks/icons';
import { MarkTree } from '../../../components/map/marks/MarkTree';
import { useMapSettings } from '../../../components/map/settings';
import { formatDateTime } from '../../../components/time';
import { useAction } from '../../../components/useAction';
import { useSession } from '../../../store/session';
import { removeDir, removeMark } from './api';
import { DirDialog, type DirDialogState } from './DirDialog';
import { MarkDialog, type MarkDialogState } from './MarkDialog';
import './map-directory.css';
import './locale';
import '../../../components/map/marks/locale';

const MarksMap = lazy(() => loadMapChunk(() => import('../../../components/map/marks/MarksMap')));

/** A mark's look in the table: its icon (points) or a swatch of its colour. */
function MarkSymbol({ mark }: { mark: MapMark }) {
  const color = mark.color || DEFAULT_MARK_COLOR;
  if (mark.kind === 'point')
    return <img src={svgSource(markIconSvg(mark.icon, color))} alt="" width={16} height={16} />;
  return (
    <span
      className={`mapdir-swatch mapdir-swatch--${mark.kind}`}
      style={{
        borderColor: color,
        background: mark.kind === 'polygon' ? `${color.slice(0, 7)}33` : undefined,
      }}
    />
  );
}

/** Who created or last edited a mark, and when (the name above, the time under it). */
function Who({ name, time, testId }: { name: string | null; time: string; testId: string }) {
  return (
    <div className="mapdir-who" data-testid={testId}>
      <div>{name ?? '—'}</div>
      <div className="mapdir-who__time">{formatDateTime(time)}</div>
    </div>
  );
}

/** A row's action as an icon with its name in a tooltip (the table stays narrow beside the tree). */
function RowButton({
  label,
  icon,
  onClick,
  danger,
  testId,
}: {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  danger?: boolean;
  testId: string;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type="link"
        size="small"
        danger={danger}
        icon={icon}
        aria-label={label}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );
}

/**
 * Map directories and marks (menu `mapdir`): the directories as a tree on the left (add, rename, delete, an
 * eye each), the marks of the directories shown on the map, the chosen directory's marks in a table under it
 * (add, view, edit, delete, locate). A click on a mark on the map chooses it and its directory.
 */
export default function MapDirectoryPage() {
  const { t } = useTranslation();
  const settings = useMapSettings();
  const permission = useSession((state) => state.permission);
  const can = (code: string) => Boolean(permission[code]);
  const tree = useDirTree();
  const dirs = useMemo(() => flattenDirs(tree.data ?? []), [tree.data]);
  const [dirId, setDirId] = useState<string | null>(null);
  const [markId, setMarkId] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ marks: MapMark[]; key: number } | null>(null);
  const [dirDialog, setDirDialog] = useState<DirDialogState | null>(null);
  const [markDialog, setMarkDialog] = useState<MarkDialogState | null>(null);
  const action = useAction();

  // the first directory is chosen until the operator chooses one; a removed one gives way to the first
  const dir: MapDirNode | undefined = dirs.find((node) => node.id === dirId) ?? dirs[0];
  useEffect(() => {
    if (dir && dir.id !== dirId) setDirId(dir.id);
  }, [dir, dirId]);

  const marks = useMemo(() => shownMarks(tree.data ?? []), [tree.data]);
  const fit = (chosen: MapMark[]) => {
    if (chosen.length) setFocus((now) => ({ marks: chosen, key: (now?.key ?? 0) + 1 }));
  };
  const below = (node: MapDirNode): MapMark[] => [...node.marks, ...node.children.flatMap(below)];

  const onToggle = useCallback(
    (node: MapDirNode, visible: 0 | 1) =>
      void action.run(() => setDirVisibility(node.id, visible), { onDone: () => tree.refresh() }),
    [action, tree],
  );

  const pickOnMap = useCallback((mark: MapMark | null) => {
    setMarkId(mark?.id ?? null);
    if (mark) setDirId(mark.dirId);
  }, []);

  const dirButtons = (node: MapDirNode) => (
    <Space size={0}>
      {can('mapdir_add') && (
        <Tooltip title={t('mapDir.addSubDir')}>
          <Button
            type="text"
            size="small"
            icon={<FolderAddOutlined />}
            aria-label={t('mapDir.addSubDir')}
            onClick={() => setDirDialog({ parentId: node.id })}
            data-testid="mapdir-dir-add-sub"
          />
        </Tooltip>
      )}
      <Tooltip title={t('mapDir.locateDir')}>
        <Button
          type="text"
          size="small"
          icon={<AimOutlined />}
          aria-label={t('mapDir.locateDir')}
          disabled={below(node).length === 0}
          onClick={() => fit(below(node))}
          data-testid="mapdir-dir-locate"
        />
      </Tooltip>
      {can('mapdir_edit') && (
        <Tooltip title={t('mapDir.renameDir')}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('mapDir.renameDir')}
            onClick={() => setDirDialog({ dir: node })}
            data-testid="mapdir-dir-edit"
          />
        </Tooltip>
      )}
      {can('mapdir_delete') && (
        <Popconfirm
          title={t('mapDir.deleteDirConfirm', { name: node.name })}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
          onConfirm={() =>
            action.run(() => removeDir(node.id), {
              success: t('common.deleted'),
              onDone: () => tree.refresh(),
            })
          }
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('mapDir.deleteDir')}
            data-testid="mapdir-dir-delete"
          />
        </Popconfirm>
      )}
    </Space>
  );

  const columns = [
    {
      key: 'name',
      ellipsis: true,
      title: t('mapDir.name'),
      render: (_: unknown, mark: MapMark) => (
        <span className="mapdir-name">
          <MarkSymbol mark={mark} />
          {mark.name}
        </span>
      ),
    },
    {
      key: 'kind',
      title: t('mapDir.kind'),
      width: 70,
      render: (_: unknown, mark: MapMark) => t(`mapMarks.kind.${mark.kind}`),
    },
    {
      key: 'created',
      title: t('mapDir.created'),
      width: 170,
      render: (_: unknown, mark: MapMark) => (
        <Who name={mark.createUserName} time={mark.createTime} testId="mapdir-mark-created" />
      ),
    },
    {
      key: 'updated',
      title: t('mapDir.updated'),
      width: 170,
      render: (_: unknown, mark: MapMark) => (
        <Who name={mark.updateUserName} time={mark.updateTime} testId="mapdir-mark-updated" />
      ),
    },
    {
      key: 'actions',
      title: t('mapDir.actions'),
      width: 140,
      render: (_: unknown, mark: MapMark) => (
        <Space size={0} onClick={(event) => event.stopPropagation()}>
          <RowButton
            label={t('mapDir.locate')}
            icon={<AimOutlined />}
            onClick={() => {
              setMarkId(mark.id);
              fit([mark]);
            }}
            testId="mapdir-mark-locate"
          />
          {can('mapdir_view') && (
            <RowButton
              label={t('mapDir.view')}
              icon={<FileSearchOutlined />}
              onClick={() => setMarkDialog({ mark, readOnly: true })}
              testId="mapdir-mark-view"
            />
          )}
          {can('mapdir_edit') && (
            <RowButton
              label={t('mapDir.edit')}
              icon={<EditOutlined />}
              onClick={() => setMarkDialog({ mark })}
              testId="mapdir-mark-edit"
            />
          )}
          {can('mapdir_delete') && (
            <Popconfirm
              title={t('mapDir.deleteMarkConfirm', { name: mark.name })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                action.run(() => removeMark(mark.kind, mark.id), {
                  success: t('common.deleted'),
                  onDone: () => tree.refresh(),
                })
              }
            >
              <RowButton
                label={t('mapDir.delete')}
                icon={<DeleteOutlined />}
                danger
                testId="mapdir-mark-delete"
              />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="mapdir-page" data-testid="mapdir-screen">
      <Card
        className="mapdir-page__dirs"
        size="small"
        title={t('mapDir.dirs')}
        extra={
          can('mapdir_add') && (
            <Button
              type="primary"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setDirDialog({ parentId: '0' })}
              data-testid="mapdir-add-dir"
            >
              {t('mapDir.addDir')}
            </Button>
          )
        }
      >
        {tree.isPending ? (
          <Spin />
        ) : dirs.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mapDir.noDirs')} />
        ) : (
          <MarkTree
            tree={tree.data ?? []}
            selectedId={dir?.id ?? null}
            onSelect={(node) => node && setDirId(node.id)}
            onToggle={can('mapdir_visibility') ? onToggle : undefined}
            extra={dirButtons}
            testId="mapdir-tree"
          />
        )}
      </Card>
      <div className="mapdir-page__main">
        <Suspense fallback={<MapLoading height={420} />}>
          <MarksMap
            settings={settings}
            marks={marks}
            selectedId={markId}
            onSelect={pickOnMap}
            focus={focus?.marks}
            focusKey={focus?.key}
            height={420}
            testId="mapdir-map"
          />
        </Suspense>
        <Card
          size="small"
          title={dir ? t('mapDir.marksOf', { name: dir.name }) : t('mapDir.pickDir')}
          extra={
            dir &&
            can('mapdir_add') && (
              <Button
                type="primary"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setMarkDialog({ dirId: dir.id })}
                data-testid="mapdir-add"
              >
                {t('mapDir.addMark')}
              </Button>
            )
          }
        >
          {dir && !dirShown(tree.data ?? [], dir.id) && (
            <Alert
              type="info"
              showIcon
              message={t('mapDir.hiddenNote')}
              className="mapdir-page__note"
              data-testid="mapdir-hidden-note"
            />
          )}
          <Table<MapMark>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={dir?.marks ?? []}
            pagination={false}
            tableLayout="fixed"
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mapDir.noMarks')} />,
            }}
            rowClassName={(mark) => (mark.id === markId ? 'mapdir-row--chosen' : '')}
            onRow={(mark) => ({ onClick: () => setMarkId(mark.id) })}
            data-testid="mapdir-marks"
          />
        </Card>
      </div>
      <DirDialog
        state={dirDialog}
        tree={tree.data ?? []}
        onClose={() => setDirDialog(null)}
        onSaved={(saved) => {
          setDirDialog(null);
          setDirId(saved.id);
          void tree.refresh();
        }}
      />
      <MarkDialog
        state={markDialog}
        tree={tree.data ?? []}
        onClose={() => setMarkDialog(null)}
        onSaved={(saved) => {
          setMarkDialog(null);
          setDirId(saved.dirId);
          setMarkId(saved.id);
          void tree.refresh();
        }}
      />
    </div>
  );
}
