/** Pure helpers for the category tree (rows linked by `pid`, 0 = top level). */

export interface TreeRow {
  id: number;
  pid: number;
}

export type TreeNode<T extends TreeRow> = T & { children?: TreeNode<T>[] };

/**
 * Nests rows under their parents, keeping the given order among siblings. A row whose parent is not among
 * the rows (a filtered list) becomes a root, as BuildAdmin's tree lists do. Leaves carry no `children`.
 */
export function buildTree<T extends TreeRow>(rows: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>(rows.map((row) => [row.id, { ...row }]));
  const roots: TreeNode<T>[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.pid !== row.id ? nodes.get(row.pid) : undefined;
    if (parent && !isAncestorIn(nodes, node.id, parent.id)) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** True when `ancestor` is on the parent chain of `id` (guards buildTree against cycles in bad data). */
function isAncestorIn<T extends TreeRow>(nodes: Map<number, TreeNode<T>>, ancestor: number, id: number): boolean {
  const seen = new Set<number>();
  for (let current = nodes.get(id); current && !seen.has(current.id); current = nodes.get(current.pid)) {
    if (current.id === ancestor) return true;
    seen.add(current.id);
  }
  return false;
}

/** `name` prefixed for a flat select: `├ ` / `└ ` before a child, `│ ` for each open ancestor level. */
export function indentedOptions<T extends TreeRow & { name: string }>(tree: readonly TreeNode<T>[]): Array<Omit<T, 'children'> & { depth: number }> {
  const options: Array<Omit<T, 'children'> & { depth: number }> = [];
  const walk = (nodes: readonly TreeNode<T>[], prefix: string, depth: number) => {
    nodes.forEach((node, index) => {
      const last = index === nodes.length - 1;
      const { children, ...row } = node;
      options.push({ ...row, name: depth ? `${prefix}${last ? '└' : '├'} ${node.name}` : node.name, depth } as Omit<T, 'children'> & { depth: number });
      if (children) walk(children, depth ? `${prefix}${last ? '  ' : '│ '}` : '', depth + 1);
    });
  };
  walk(tree, '', 0);
  return options;
}

/** Every descendant id of `id` given the parent of each node. */
export function descendantsOf(id: number, rows: readonly TreeRow[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const row of rows) if (row.id !== row.pid) children.set(row.pid, [...(children.get(row.pid) ?? []), row.id]);
  const found = new Set<number>();
  const stack = [...(children.get(id) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    if (found.has(next) || next === id) continue;
    found.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return found;
}
