import type { TreeSelectNode } from '@aos/contract';
import { Empty, Tree, type TreeDataNode, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SCOPE_LEAF } from './grant-keys';
import './locale';

function toData(nodes: TreeSelectNode[], buttonLabel: string): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title:
      node.category === 2 ? (
        <span>
          {node.title}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            [{buttonLabel}]
          </Typography.Text>
        </span>
      ) : node.category === SCOPE_LEAF ? (
        <Typography.Text strong>{node.title}</Typography.Text>
      ) : (
        node.title
      ),
    children: node.children.length ? toData(node.children, buttonLabel) : undefined,
  }));
}

/** A checkbox tree of grant nodes (menus, buttons, scopes); `checked` are the checked keys as the tree reports them. */
export function CheckTree({
  nodes,
  checked,
  onChange,
  testId,
  expandAll = false,
}: {
  nodes: TreeSelectNode[];
  checked: string[];
  onChange: (checked: string[]) => void;
  testId: string;
  /** open every branch (small trees such as the scope trees); otherwise only the top level is open */
  expandAll?: boolean;
}) {
  const { t } = useTranslation();
  const data = useMemo(() => toData(nodes, t('role.button')), [nodes, t]);
  const expanded = useMemo(() => nodes.map((node) => node.id), [nodes]);
  if (nodes.length === 0) return <Empty description={t('role.nothingToGrant')} />;
  return (
    <div style={{ maxHeight: 460, overflowY: 'auto' }} data-testid={testId}>
      <Tree
        checkable
        selectable={false}
        blockNode
        virtual={false}
        treeData={data}
        defaultExpandedKeys={expanded}
        defaultExpandAll={expandAll}
        checkedKeys={checked}
        onCheck={(keys) => onChange((Array.isArray(keys) ? keys : keys.checked).map(String))}
      />
    </div>
  );
}
