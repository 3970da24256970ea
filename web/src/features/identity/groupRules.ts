/**
 * The rules of a group form, admin or member: the identity's rule tree (loaded once per form), and the
 * body the form posts (the checked rules plus their half-checked parents).
 */
import { makeAutoObservable, runInAction, toJS } from 'mobx';
import { fetchRuleTree } from '@/api/accounts';
import { errorMessage } from '@/api/request';
import { leavesOfValue, rulesForSubmit, type RuleNode } from './ruleTree';

/** The rule tree of one identity (`GET <rules>/index` → data.list). */
export class RuleTreeStore {
  tree: RuleNode[] = [];
  loading = false;
  loaded = false;
  error: string | null = null;

  constructor(private readonly indexUrl: string) {
    makeAutoObservable<RuleTreeStore, 'indexUrl'>(this, { indexUrl: false });
  }

  get plainTree(): RuleNode[] {
    return toJS(this.tree);
  }

  async load(force = false): Promise<void> {
    if ((this.loaded && !force) || this.loading) return;
    this.loading = true;
    this.error = null;
    try {
      const tree = await fetchRuleTree<RuleNode>(this.indexUrl);
      runInAction(() => {
        this.tree = tree;
        this.loaded = true;
        this.loading = false;
      });
    } catch (e) {
      runInAction(() => {
        this.loading = false;
        this.error = errorMessage(e);
      });
    }
  }
}

/** The group as posted: `rules` as the checked ids plus their half-checked parents (as typed until the tree is loaded). */
export function groupBody(rules: RuleTreeStore, data: Record<string, any>): Record<string, any> {
  if (!rules.loaded) return data;
  const tree = rules.plainTree;
  return { ...data, rules: rulesForSubmit(tree, leavesOfValue(tree, data.rules)) };
}
