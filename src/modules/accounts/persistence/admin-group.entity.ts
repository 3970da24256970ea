import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity('admin_group')
export class AdminGroupEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() pid: number;
  @Column() name: string;
  /** Comma-separated rule ids, or `*` for every rule (super administrators). */
  @Column({ type: 'text', nullable: true }) rules: string | null;
  @Column() status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

@Entity('admin_group_access')
export class AdminGroupAccessEntity {
  @PrimaryColumn() uid: number;
  @PrimaryColumn() group_id: number;
}
