import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type RuleType = 'menu_dir' | 'menu' | 'button';
export type MenuType = 'tab' | 'link' | 'iframe';
export type RuleExtend = 'none' | 'add_rules_only' | 'add_menu_only';

@Entity('admin_rule')
export class AdminRuleEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() pid: number;
  @Column({ type: 'varchar' }) type: RuleType;
  @Column() title: string;
  @Column() title_en: string;
  @Column() name: string;
  @Column() path: string;
  @Column() icon: string;
  @Column({ type: 'varchar', nullable: true }) menu_type: MenuType | null;
  @Column() url: string;
  @Column() component: string;
  @Column() keepalive: number;
  @Column({ type: 'varchar' }) extend: RuleExtend;
  @Column() remark: string;
  @Column() weigh: number;
  @Column() status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}
