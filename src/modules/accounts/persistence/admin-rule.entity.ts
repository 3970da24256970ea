import { Column, Entity } from 'typeorm';
import { RuleColumns } from './identity-columns';

export type RuleType = 'menu_dir' | 'menu' | 'button';
export type MenuType = 'tab' | 'link' | 'iframe';
export type RuleExtend = 'none' | 'add_rules_only' | 'add_menu_only';

@Entity('admin_rule')
export class AdminRuleEntity extends RuleColumns {
  declare type: RuleType;
  /** 1: the page is kept alive when its tab is left. */
  @Column() keepalive: number;
}
