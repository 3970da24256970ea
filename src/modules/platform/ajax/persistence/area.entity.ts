import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A province (level 1), city (2) or district (3) of China; the id is its GB/T 2260 code. Filled by a migration. */
@Entity('area')
export class AreaEntity {
  @PrimaryColumn({ type: 'int', unsigned: true })
  id: number;

  @Index('idx_area_pid')
  @Column({ type: 'int', unsigned: true, default: 0 })
  pid: number;

  @Column({ type: 'tinyint', default: 0 })
  level: number;

  @Column({ type: 'varchar', length: 50, default: '' })
  name: string;

  /** The path of names: 广东省,广州市,天河区. */
  @Column({ type: 'varchar', length: 255, default: '' })
  mergename: string;
}
