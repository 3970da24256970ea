import { buildTree, descendantsOf, indentedOptions } from './tree';

const rows = [
  { id: 1, pid: 0, name: 'Food' },
  { id: 2, pid: 1, name: 'Fruit' },
  { id: 3, pid: 2, name: 'Apples' },
  { id: 4, pid: 1, name: 'Bread' },
  { id: 5, pid: 0, name: 'Tools' },
];

describe('category tree helpers', () => {
  it('nests rows under their parents in the given order; leaves have no children', () => {
    const tree = buildTree(rows);
    expect(tree.map((n) => n.name)).toEqual(['Food', 'Tools']);
    expect(tree[0].children!.map((n) => n.name)).toEqual(['Fruit', 'Bread']);
    expect(tree[0].children![0].children![0]).toEqual({ id: 3, pid: 2, name: 'Apples' });
    expect(tree[1].children).toBeUndefined();
  });

  it('makes a row whose parent is missing (filtered out) a root, and survives cycles in bad data', () => {
    expect(buildTree([rows[2], rows[3]]).map((n) => n.name)).toEqual(['Apples', 'Bread']);
    const cyclic = buildTree([
      { id: 1, pid: 2, name: 'a' },
      { id: 2, pid: 1, name: 'b' },
      { id: 3, pid: 3, name: 'self' },
    ]);
    // Every row stays visible, none is nested below its own descendant.
    expect(cyclic.map((n) => n.name)).toEqual(['a', 'b', 'self']);
    expect(cyclic.every((n) => !n.children)).toBe(true);
  });

  it('indents select options depth-first with ├ └ │', () => {
    expect(indentedOptions(buildTree(rows)).map((o) => [o.id, o.depth, o.name])).toEqual([
      [1, 0, 'Food'],
      [2, 1, '├ Fruit'],
      [3, 2, '│ └ Apples'],
      [4, 1, '└ Bread'],
      [5, 0, 'Tools'],
    ]);
  });

  it('finds every descendant, not the node itself', () => {
    expect([...descendantsOf(1, rows)].sort()).toEqual([2, 3, 4]);
    expect([...descendantsOf(3, rows)]).toEqual([]);
    expect([...descendantsOf(1, [{ id: 1, pid: 2 }, { id: 2, pid: 1 }])]).toEqual([2]);
  });
});
