import { Column, PrimaryGeneratedColumn } from 'typeorm';

/** The columns admin rules and member rules share (`admin_rule`, `user_rule`); each adds its own flag and types. */
export abstract class RuleColumns {
  @PrimaryGeneratedColumn() id: number;
  @Column() pid: number;
  @Column({ type: 'varchar' }) type: string;
  @Column() title: string;
  @Column() title_en: string;
  @Column() name: string;
  @Column() path: string;
  @Column() icon: string;
  @Column({ type: 'varchar', nullable: true }) menu_type: 'tab' | 'link' | 'iframe' | null;
  @Column() url: string;
  @Column() component: string;
  @Column({ type: 'varchar' }) extend: 'none' | 'add_rules_only' | 'add_menu_only';
  @Column() remark: string;
  @Column() weigh: number;
  @Column() status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** The columns admin groups and member groups share (`admin_group`, `user_group`): the rules they hold. */
export abstract class GroupColumns {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  /** Comma-separated rule ids, or `*` for every rule. */
  @Column({ type: 'text', nullable: true }) rules: string | null;
  @Column() status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}
