import { Column, Entity } from 'typeorm';
import { RuleColumns } from '../../persistence/identity-columns';

/**
 * route: a front-site route; menu_dir / menu: the member-center sidebar; nav: a top-bar item;
 * nav_user_menu: an item of the top-bar user menu; button: an action node.
 */
export const USER_RULE_TYPES = ['route', 'menu_dir', 'menu', 'nav_user_menu', 'nav', 'button'] as const;
export type UserRuleType = (typeof USER_RULE_TYPES)[number];

@Entity('user_rule')
export class UserRuleEntity extends RuleColumns {
  declare type: UserRuleType;
  /** 1: offered to visitors who are not signed in. */
  @Column() no_login_valid: number;
}
