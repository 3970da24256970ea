import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A node of the product category tree (`pid` 0 = top level). */
@Entity('category')
export class CategoryEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: 0 }) pid: number;
  @Column({ default: '' }) name: string;
  @Column({ default: 0 }) weigh: number;
  /** 0 hidden, 1 shown. */
  @Column({ default: 1 }) status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
  @Column({ type: 'int', nullable: true }) deletetime: number | null;
}
