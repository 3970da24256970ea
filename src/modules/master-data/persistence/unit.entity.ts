import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('unit')
export class UnitEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: '' }) name: string;
  @Column({ default: '' }) description: string;
  /** 0 disabled, 1 enabled. */
  @Column({ default: 1 }) status: number;
  @Column({ default: '' }) remark: string;
  @Column({ default: 0 }) weigh: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}
