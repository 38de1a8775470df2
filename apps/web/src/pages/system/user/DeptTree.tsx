import { ApartmentOutlined } from '@ant-design/icons';
import { Card, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deptChildren } from './api';

interface Node extends DataNode {
  key: string;
  children?: Node[];
}

const toNodes = (depts: Awaited<ReturnType<typeof deptChildren>>): Node[] =>
  depts.map((dept) => ({ key: dept.id, title: dept.deptName, isLeaf: !dept.hasChildren }));

function withChildren(nodes: Node[], key: string, children: Node[]): Node[] {
  return nodes.map((node) =>
    node.key === key
      ? { ...node, children }
      : node.children
        ? { ...node, children: withChildren(node.children, key, children) }
        : node,
  );
}

/**
 * The tenant's depts, one level at a time (lazy): choosing one lists its users and those of the depts below
 * it; choosing it again lists everyone.
 */
export function DeptTree({ value, onChange }: { value?: string; onChange: (deptId?: string) => void }) {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<Node[]>();

  useEffect(() => {
    deptChildren('0')
      .then((depts) => setNodes(toNodes(depts)))
      .catch(() => setNodes([]));
  }, []);

  return (
    <Card
      size="small"
      className="user-dept-tree"
      title={
        <span>
          <ApartmentOutlined /> {t('user.depts')}
        </span>
      }
      extra={
        value ? (
          <a onClick={() => onChange(undefined)} data-testid="user-dept-all">
            {t('user.allDepts')}
          </a>
        ) : null
      }
    >
      {nodes === undefined ? (
        <Spin size="small" />
      ) : (
        <Tree<Node>
          blockNode
          data-testid="user-dept-tree"
          treeData={nodes}
          selectedKeys={value ? [value] : []}
          defaultExpandedKeys={nodes[0] ? [nodes[0].key] : []}
          onSelect={(keys) => onChange(keys[0] === undefined ? undefined : String(keys[0]))}
          loadData={async (node) => {
            if (node.children) return;
            const children = toNodes(await deptChildren(node.key));
            setNodes((current) => withChildren(current ?? [], node.key, children));
          }}
        />
      )}
    </Card>
  );
}
