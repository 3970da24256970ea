/**
 * The data of one area cascader: the provinces first, each lower level fetched when it is opened, every list
 * fetched once. For a value chosen earlier (a path of codes) `load(path)` fetches the levels along it, so
 * the cascader can show the names at once. Created per control: `useState(() => new AreaStore(...))`.
 */
import './i18n';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { t } from '@/lang';
import { fetchAreaOptions, type AreaApp, type AreaOption } from '@/api/platform';

export type AreaDepth = 1 | 2 | 3;

/** A cascader option; `isLeaf` on the last level the control goes down to. */
export interface AreaNode {
  value: number;
  label: string;
  isLeaf: boolean;
  children?: AreaNode[];
}

export interface AreaStoreOptions {
  app: AreaApp;
  /** 1 provinces only, 2 down to cities, 3 down to districts */
  depth: AreaDepth;
  fetch?: typeof fetchAreaOptions;
}

export class AreaStore {
  tree: AreaNode[] = [];
  loading = false;
  error: string | null = null;

  private readonly lists = new Map<string, Promise<AreaOption[]>>();

  constructor(private readonly options: AreaStoreOptions) {
    makeAutoObservable<this, 'lists' | 'options'>(this, { tree: observable.ref, lists: false, options: false });
  }

  get depth(): AreaDepth {
    return this.options.depth;
  }

  /** The options one level below `path`: [] the provinces, [province] its cities, [province, city] its districts. */
  async children(path: number[]): Promise<AreaNode[]> {
    const key = path.join(',');
    let list = this.lists.get(key);
    if (!list) {
      list = (this.options.fetch ?? fetchAreaOptions)(this.options.app, path[0], path[1]);
      this.lists.set(key, list);
      // a failed list is asked for again next time
      list.catch(() => this.lists.delete(key));
    }
    const leaf = path.length + 1 >= this.options.depth;
    return (await list).map((option) => ({ value: option.value, label: option.label, isLeaf: leaf }));
  }

  /** The provinces, and for a chosen path each level down it (as far as the codes are found). */
  async load(path: number[] = []): Promise<void> {
    this.loading = true;
    this.error = null;
    try {
      const tree = await this.children([]);
      let level = tree;
      for (let depth = 1; depth < Math.min(path.length, this.options.depth); depth++) {
        const node = level.find((candidate) => candidate.value === path[depth - 1]);
        if (!node) break;
        node.children = await this.children(path.slice(0, depth));
        level = node.children;
      }
      runInAction(() => {
        this.tree = tree;
        this.loading = false;
      });
    } catch {
      runInAction(() => {
        this.error = t('area.loadFailed');
        this.loading = false;
      });
    }
  }

  /** The names along a path of codes, as far as they are loaded. */
  labelsOf(path: number[]): string[] {
    const labels: string[] = [];
    let level: AreaNode[] | undefined = this.tree;
    for (const code of path) {
      const node: AreaNode | undefined = level?.find((candidate) => candidate.value === code);
      if (!node) break;
      labels.push(node.label);
      level = node.children;
    }
    return labels;
  }
}

/** A form value → a path of codes: `[440000, 440100]`, `"440000,440100"` or `["440000"]`; anything else → []. */
export function codePath(value: unknown): number[] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' && value.trim() ? value.split(',') : [];
  const codes = parts.map((part) => Number(part));
  return codes.every((code) => Number.isInteger(code) && code > 0) ? codes.slice(0, 3) : [];
}
