import { GroupPageStore } from '@/pages/admin/auth/group/store';
import { checkState, leavesOfValue, parseRuleIds, rulesForSubmit, toggleNode, type RuleNode } from './ruleTree';

jest.mock('@/api/request', () => ({ ...jest.requireActual('@/api/request'), __esModule: true, default: jest.fn() }));

// 1 auth (dir)
//   2 auth/admin (menu) → 3 index, 4 add, 5 edit
//   6 auth/group (menu) → 7 index
// 8 dashboard (menu, no buttons)
const tree: RuleNode[] = [
  {
    id: 1,
    title: 'auth',
    children: [
      { id: 2, title: 'admin', children: [{ id: 3 }, { id: 4 }, { id: 5 }] },
      { id: 6, title: 'group', children: [{ id: 7 }] },
    ],
  },
  { id: 8, title: 'dashboard' },
];

describe('group rule tree', () => {
  it('parses stored rules', () => {
    expect(parseRuleIds('3,4, 8')).toEqual([3, 4, 8]);
    expect(parseRuleIds([3, '4'])).toEqual([3, 4]);
    expect(parseRuleIds('*')).toEqual(['*']);
    expect(parseRuleIds(null)).toEqual([]);
  });

  it('derives half-checked parents from the rules the server returns without parents', () => {
    const leaves = leavesOfValue(tree, '3,4');
    expect([...leaves]).toEqual(['3', '4']);
    expect(checkState(tree, leaves)).toEqual({ checked: ['3', '4'], halfChecked: ['2', '1'] });
  });

  it('a parent is checked when all its leaves are', () => {
    const leaves = leavesOfValue(tree, [3, 4, 5, 8]);
    expect(checkState(tree, leaves)).toEqual({ checked: ['3', '4', '5', '2', '8'], halfChecked: ['1'] });
    expect(checkState(tree, leavesOfValue(tree, [3, 4, 5, 7]))).toEqual({ checked: ['3', '4', '5', '2', '7', '6', '1'], halfChecked: [] });
  });

  it('ignores parent ids in a value (they are derived), so a stale parent never checks all its children', () => {
    // saved earlier as checked leaf 3 + half-checked parents 2 and 1
    const leaves = leavesOfValue(tree, '1,2,3');
    expect([...leaves]).toEqual(['3']);
    expect(checkState(tree, leaves).halfChecked).toEqual(['2', '1']);
  });

  it('posts the checked ids INCLUDING half-checked parents, in tree order', () => {
    expect(rulesForSubmit(tree, leavesOfValue(tree, '4'))).toEqual([1, 2, 4]);
    expect(rulesForSubmit(tree, leavesOfValue(tree, '7,8'))).toEqual([1, 6, 7, 8]);
    expect(rulesForSubmit(tree, leavesOfValue(tree, ''))).toEqual([]);
    expect(rulesForSubmit(tree, leavesOfValue(tree, '*'))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('toggling a parent checks / unchecks all its leaves', () => {
    let leaves = toggleNode(tree, new Set(), 2, true);
    expect([...leaves].sort()).toEqual(['3', '4', '5']);
    leaves = toggleNode(tree, leaves, 4, false);
    expect(rulesForSubmit(tree, leaves)).toEqual([1, 2, 3, 5]);
    leaves = toggleNode(tree, leaves, 1, true);
    expect(rulesForSubmit(tree, leaves)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    leaves = toggleNode(tree, leaves, 1, false);
    expect(leaves.size).toBe(0);
  });

  it('the group store posts rules with their parents even when the tree was not touched', () => {
    const page = new GroupPageStore({}, () => []);
    page.rules.tree = tree;
    page.rules.loaded = true;
    // GET edit answered rules "3,4" (no parents); afterRead made them an array
    const row = page.table.options.afterRead!({ id: 9, name: 'g', rules: '3,4' });
    expect(row.rules).toEqual([3, 4]);
    expect(page.toBody({ name: 'g', rules: row.rules })).toEqual({ name: 'g', rules: [1, 2, 3, 4] });
  });
});
