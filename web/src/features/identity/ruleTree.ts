/**
 * The group form's rule tree: which rules show checked / half-checked, and what is posted.
 * The server stores the checked rules AND their half-checked parents, and answers `GET edit` without the
 * parents, so the screen state is derived from the checked leaves only.
 */
export type RuleKey = string | number;

export interface RuleNode {
  id: RuleKey;
  title?: string;
  children?: RuleNode[];
  [key: string]: unknown;
}

/** `[1, 2]`, `"1,2"`, `"*"` → list of keys (strings kept as given, numeric strings → numbers). */
export function parseRuleIds(value: unknown): RuleKey[] {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : String(value).split(',');
  return list
    .map((v) => (typeof v === 'string' ? v.trim() : v))
    .filter((v) => v !== '' && v !== null && v !== undefined)
    .map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : (v as RuleKey)));
}

function walk(nodes: RuleNode[] | undefined, fn: (n: RuleNode) => void) {
  for (const n of nodes ?? []) {
    fn(n);
    walk(n.children, fn);
  }
}

function isLeaf(n: RuleNode): boolean {
  return !n.children || n.children.length === 0;
}

export function allKeys(tree: RuleNode[]): string[] {
  const out: string[] = [];
  walk(tree, (n) => out.push(String(n.id)));
  return out;
}

export function leafKeys(tree: RuleNode[]): string[] {
  const out: string[] = [];
  walk(tree, (n) => {
    if (isLeaf(n)) out.push(String(n.id));
  });
  return out;
}

/** The checked leaves behind a stored value ('*' = every rule; parents in the value are ignored). */
export function leavesOfValue(tree: RuleNode[], value: unknown): Set<string> {
  const ids = parseRuleIds(value).map(String);
  const leaves = leafKeys(tree);
  if (ids.includes('*')) return new Set(leaves);
  const wanted = new Set(ids);
  return new Set(leaves.filter((k) => wanted.has(k)));
}

export interface CheckState {
  checked: string[];
  halfChecked: string[];
}

/** Full and half checks of every node from the checked leaves. */
export function checkState(tree: RuleNode[], leaves: Set<string>): CheckState {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  // returns 'all' | 'some' | 'none'
  const visit = (n: RuleNode): 'all' | 'some' | 'none' => {
    const key = String(n.id);
    if (isLeaf(n)) {
      if (leaves.has(key)) {
        checked.push(key);
        return 'all';
      }
      return 'none';
    }
    const states = n.children!.map(visit);
    if (states.every((s) => s === 'all')) {
      checked.push(key);
      return 'all';
    }
    if (states.some((s) => s !== 'none')) {
      halfChecked.push(key);
      return 'some';
    }
    return 'none';
  };
  (tree ?? []).forEach(visit);
  return { checked, halfChecked };
}

function findNode(tree: RuleNode[], key: string): RuleNode | undefined {
  let hit: RuleNode | undefined;
  walk(tree, (n) => {
    if (!hit && String(n.id) === key) hit = n;
  });
  return hit;
}

/** Checking / unchecking a node checks / unchecks all leaves under it. */
export function toggleNode(tree: RuleNode[], leaves: Set<string>, key: RuleKey, checked: boolean): Set<string> {
  const node = findNode(tree, String(key));
  const next = new Set(leaves);
  if (!node) return next;
  const under = isLeaf(node) ? [String(node.id)] : leafKeys(node.children!);
  under.forEach((k) => (checked ? next.add(k) : next.delete(k)));
  return next;
}

/** The posted `rules`: every checked node plus every half-checked parent, in tree order, with the tree's id types. */
export function rulesForSubmit(tree: RuleNode[], leaves: Set<string>): RuleKey[] {
  const { checked, halfChecked } = checkState(tree, leaves);
  const keep = new Set([...checked, ...halfChecked]);
  const out: RuleKey[] = [];
  walk(tree, (n) => {
    if (keep.has(String(n.id))) out.push(n.id);
  });
  return out;
}
