/**
 * The rule tree with checkboxes of the group form. The form value is the list of rule ids; the screen
 * derives full / half checks from the checked leaves (see ruleTree.ts).
 */
import { useEffect, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Space, Spin, Tree } from '@arco-design/web-react';
import { CrudIcon } from '@/components/crud';
import { useT } from '@/lang';
import { allKeys, checkState, leafKeys, leavesOfValue, rulesForSubmit, toggleNode, type RuleNode } from './ruleTree';
import type { RuleTreeStore } from './groupRules';

interface Props {
  rules: RuleTreeStore;
  value?: unknown;
  onChange?: (value: Array<string | number>) => void;
}

function toTreeData(nodes: RuleNode[]): any[] {
  return nodes.map((n) => ({
    key: String(n.id),
    title: (
      <span className="rule-tree-title">
        {n.icon ? <CrudIcon name={String(n.icon)} style={{ marginRight: 6 }} /> : null}
        {n.title ?? String(n.name ?? n.id)}
      </span>
    ),
    children: n.children && n.children.length ? toTreeData(n.children) : undefined,
  }));
}

export const RuleTree = observer(function RuleTree({ rules, value, onChange }: Props) {
  const t = useT();
  useEffect(() => {
    void rules.load();
  }, [rules]);
  const tree = rules.plainTree;
  const treeData = useMemo(() => toTreeData(tree), [tree]);
  const leaves = useMemo(() => leavesOfValue(tree, value), [tree, value]);
  const state = useMemo(() => checkState(tree, leaves), [tree, leaves]);
  const emit = (next: Set<string>) => onChange?.(rulesForSubmit(tree, next));

  if (!rules.loaded) return rules.error ? <span>{rules.error}</span> : <Spin />;
  return (
    <div>
      <Space size={8} style={{ marginBottom: 8 }}>
        <Button size="mini" onClick={() => emit(new Set(leafKeys(tree)))}>
          {t('auth.group.checkAll')}
        </Button>
        <Button size="mini" onClick={() => emit(new Set())}>
          {t('auth.group.uncheckAll')}
        </Button>
        <span className="arco-typography" style={{ color: 'var(--color-text-3)', fontSize: 12 }}>
          {t('auth.group.checkedCount', { count: state.checked.length, total: allKeys(tree).length })}
        </span>
      </Space>
      <div className="crud-tree-box" data-testid="rule-tree">
        <Tree
          checkable
          checkStrictly
          blockNode
          size="small"
          treeData={treeData}
          checkedKeys={state.checked}
          halfCheckedKeys={state.halfChecked}
          defaultExpandedKeys={allKeys(tree)}
          onCheck={(_keys, extra) => {
            const key = String(extra.node?.props?._key ?? extra.node?.key ?? '');
            emit(toggleNode(tree, leaves, key, extra.checked));
          }}
        />
      </div>
    </div>
  );
});

export default RuleTree;
