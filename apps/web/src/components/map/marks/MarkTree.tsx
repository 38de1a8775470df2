import { EyeInvisibleOutlined, EyeOutlined, FolderOutlined } from '@ant-design/icons';
import type { MapDirNode } from '@aos/contract';
import { Button, Tooltip, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countMarks } from './api';
import './marks.css';
import './locale';

export interface MarkTreeProps {
  tree: readonly MapDirNode[];
  selectedId?: string | null;
  onSelect?: (dir: MapDirNode | null) => void;
  /** show (1) or hide (0) a directory; without it the eyes only tell */
  onToggle?: (dir: MapDirNode, visible: 0 | 1) => void;
  /** a directory's own buttons (rename, delete, add below) */
  extra?: (dir: MapDirNode) => ReactNode;
  testId?: string;
}

/**
 * The directories of marks as a tree: an eye per directory (a hidden directory hides everything below it, drawn
 * faded), its name and how many marks it and the ones below it hold. Every directory opens at first; what the
 * operator closes stays closed.
 */
export function MarkTree({
  tree,
  selectedId,
  onSelect,
  onToggle,
  extra,
  testId = 'mark-tree',
}: MarkTreeProps) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const { data, keys, byId } = useMemo(() => {
    const keys: string[] = [];
    const byId = new Map<string, MapDirNode>();
    const build = (nodes: readonly MapDirNode[], shown: boolean): DataNode[] =>
      nodes.map((node) => {
        keys.push(node.id);
        byId.set(node.id, node);
        const visible = node.visible === 1;
        const count = countMarks(node);
        const eye = visible ? t('mapMarks.hide') : t('mapMarks.show');
        return {
          key: node.id,
          title: (
            <span
              className={`mark-tree__node${shown && visible ? '' : ' is-hidden'}`}
              data-testid={`${testId}-node`}
              data-name={node.name}
              data-visible={node.visible}
            >
              <Tooltip title={onToggle ? eye : visible ? t('mapMarks.shown') : t('mapMarks.hidden')}>
                <Button
                  type="text"
                  size="small"
                  className="mark-tree__eye"
                  icon={visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                  aria-label={eye}
                  aria-pressed={visible}
                  disabled={!onToggle}
                  onClick={(event) => {
                    event.stopPropagation();
                    onToggle?.(node, visible ? 0 : 1);
                  }}
                  data-testid={`${testId}-eye`}
                />
              </Tooltip>
              <FolderOutlined className="mark-tree__folder" />
              <span className="mark-tree__name">{node.name}</span>
              <span className="mark-tree__count" title={t('mapMarks.count', { count })}>
                {count}
              </span>
              {extra && (
                <span className="mark-tree__extra" onClick={(event) => event.stopPropagation()}>
                  {extra(node)}
                </span>
              )}
            </span>
          ),
          children: build(node.children, shown && visible),
        };
      });
    return { data: build(tree, true), keys, byId };
  }, [tree, t, onToggle, extra, testId]);

  return (
    <Tree
      className="mark-tree"
      blockNode
      treeData={data}
      expandedKeys={keys.filter((key) => !closed.has(key))}
      onExpand={(_, { node, expanded }) =>
        setClosed((now) => {
          const next = new Set(now);
          if (expanded) next.delete(String(node.key));
          else next.add(String(node.key));
          return next;
        })
      }
      selectedKeys={selectedId ? [selectedId] : []}
      onSelect={(selected) => onSelect?.(byId.get(String(selected[0])) ?? null)}
      data-testid={testId}
    />
  );
}
