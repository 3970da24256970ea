import { makeAutoObservable } from 'mobx';
import type { MenuRule } from '@/api/admin';
import { buildAuthNode, type AuthNodeMap } from './navTabs';

/**
 * The member center's menus and permission nodes (keys '/user/' + rule name). The member-center bootstrap
 * (GET /api/user/index) fills it when the member center is built; until then it stays empty.
 */
export class MemberCenterStore {
  rules: MenuRule[] = [];
  authNode: AuthNodeMap = {};
  loaded = false;
  loading = false;
  error: string | null = null;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  setRules(rules: MenuRule[]) {
    this.rules = rules;
    this.authNode = buildAuthNode(rules, '/user/');
    this.loaded = true;
  }

  hasNode(path: string, action: string): boolean {
    const clean = path.split('?')[0].replace(/\/$/, '');
    return (this.authNode[clean] ?? []).includes(`${clean}/${action}`);
  }

  reset() {
    this.rules = [];
    this.authNode = {};
    this.loaded = false;
  }
}
