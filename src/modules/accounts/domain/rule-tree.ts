/** Plain rule-tree logic shared by admin rules and (later) member rules. */
export interface RuleNode {
  id: number;
  pid: number;
  weigh: number;
}

export type Tree<T> = T & { children: Tree<T>[] };

/** Nests rules under their parents, `weigh desc, id asc`; rules whose parent is missing are dropped. */
export function buildTree<T extends RuleNode>(rules: T[], rootId = 0): Tree<T>[] {
  const byParent = new Map<number, T[]>();
  for (const rule of rules) {
    const siblings = byParent.get(rule.pid) ?? [];
    siblings.push(rule);
    byParent.set(rule.pid, siblings);
  }
  const grow = (pid: number, seen: Set<number>): Tree<T>[] =>
    (byParent.get(pid) ?? [])
      .filter((rule) => !seen.has(rule.id))
      .sort((a, b) => b.weigh - a.weigh || a.id - b.id)
      .map((rule) => ({ ...rule, children: grow(rule.id, new Set(seen).add(rule.id)) }));
  return grow(rootId, new Set());
}

/** Like buildTree, but every node whose parent is not among `nodes` is a root (a partial view of a tree). */
export function buildForest<T extends RuleNode>(nodes: T[]): Tree<T>[] {
  const ids = new Set(nodes.map((n) => n.id));
  const roots = [...new Set(nodes.filter((n) => !ids.has(n.pid)).map((n) => n.pid))];
  return roots.flatMap((root) => buildTree(nodes, root)).sort((a, b) => b.weigh - a.weigh || a.id - b.id);
}

/** Depth-first flattening of a tree (for select options with indented labels). */
export function flattenTree<T>(tree: Tree<T>[], depth = 0, out: Array<{ node: Tree<T>; depth: number }> = []) {
  for (const node of tree) {
    out.push({ node, depth });
    flattenTree(node.children, depth + 1, out);
  }
  return out;
}

/** Parses a group's `rules` column: `*` means every rule. */
export function parseRuleIds(rules: string | null | undefined): { all: boolean; ids: number[] } {
  const text = (rules ?? '').trim();
  if (text === '*') return { all: true, ids: [] };
  return { all: false, ids: text.split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0) };
}

/**
 * An operator dominates a group when the group is not super and every rule of the group is also the
 * operator's, and the operator has at least one rule more (BuildAdmin's `allAuthAndOthers`).
 */
export function dominates(operator: { isSuper: boolean; ruleIds: ReadonlySet<number> }, groupRules: string | null): boolean {
  const group = parseRuleIds(groupRules);
  if (group.all) return false;
  if (operator.isSuper) return true;
  if (!group.ids.every((id) => operator.ruleIds.has(id))) return false;
  return operator.ruleIds.size > new Set(group.ids).size;
}

/**
 * Whether `ancestor` lies above `candidate` in a tree given as (id, pid) pairs: moving a rule under one of
 * its own descendants would cut that branch off the tree. Bounded by the node count, so a broken tree
 * with a cycle still answers.
 */
export function isDescendant(nodes: ReadonlyArray<{ id: number; pid: number }>, candidate: number, ancestor: number): boolean {
  const parentOf = new Map(nodes.map((n) => [n.id, n.pid]));
  for (let node = parentOf.get(candidate), hops = 0; node && hops < nodes.length; node = parentOf.get(node), hops++) {
    if (node === ancestor) return true;
  }
  return false;
}

/**
 * A group's `rules` text without the ids of deleted rules (`*` stays `*`). A stale id would hand the group
 * whatever rule later got that id.
 */
export function withoutRuleIds(rules: string | null, removed: ReadonlyArray<number>): string | null {
  const parsed = parseRuleIds(rules);
  if (parsed.all) return rules;
  const gone = new Set(removed);
  return parsed.ids.filter((id) => !gone.has(id)).join(',');
}
