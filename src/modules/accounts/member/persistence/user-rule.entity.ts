import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * route: a front-site route; menu_dir / menu: the member-center sidebar; nav: a top-bar item;
 * nav_user_menu: an item of the top-bar user menu; button: an action node.
 */
export const USER_RULE_TYPES = ['route', 'menu_dir', 'menu', 'nav_user_menu', 'nav', 'button'] as const;
export type UserRuleType = (typeof USER_RULE_TYPES)[number];

@Entity('user_rule')
export class UserRuleEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() pid: number;
  @Column({ type: 'varchar' }) type: UserRuleType;
  @Column() title: string;
  @Column() title_en: string;
  @Column() name: string;
  @Column() path: string;
  @Column() icon: string;
  @Column({ type: 'varchar', nullable: true }) menu_type: 'tab' | 'link' | 'iframe' | null;
  @Column() url: string;
  @Column() component: string;
  /** 1: offered to visitors who are not signed in. */
  @Column() no_login_valid: number;
  @Column({ type: 'varchar' }) extend: 'none' | 'add_rules_only' | 'add_menu_only';
  @Column() remark: string;
  @Column() weigh: number;
  @Column() status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}
