import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('brand')
export class BrandEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: '' }) name: string;
  /** Logo: an upload path or URL. */
  @Column({ default: '' }) image: string;
  @Column({ default: '' }) introduce: string;
  @Column({ default: 0 }) weigh: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}
