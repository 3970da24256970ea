import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One site setting (BuildAdmin `ba_config`). `title`, `tip` and option labels may be i18n keys. */
@Entity('config')
export class ConfigEntity {
  @PrimaryGeneratedColumn({ type: 'integer', unsigned: true })
  id: number;

  @Column({ type: 'varchar', length: 30 })
  name: string;

  @Column({ type: 'varchar', length: 30 })
  group: string;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  @Column({ type: 'varchar', length: 100 })
  tip: string;

  @Column({ type: 'varchar', length: 30 })
  type: string;

  @Column({ type: 'text', nullable: true })
  value: string | null;

  /** JSON options of radio / checkbox / select / selects. */
  @Column({ type: 'text', nullable: true })
  content: string | null;

  @Column({ type: 'varchar', length: 100 })
  rule: string;

  @Column({ type: 'varchar', length: 255 })
  extend: string;

  @Column({ type: 'tinyint' })
  allow_del: number;

  @Column({ type: 'int' })
  weigh: number;

  /** 1: the value is never sent back to a client in clear (passwords, keys). */
  @Column({ type: 'tinyint' })
  secret: number;
}
