import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One terminal setting by name (`npm_package_manager`, `install_service_port`); absent rows mean the default. */
@Entity('terminal_setting')
export class TerminalSettingEntity {
  @PrimaryGeneratedColumn({ type: 'integer', unsigned: true })
  id: number;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'varchar', length: 255 })
  value: string;

  @Column({ type: 'int', unsigned: true, nullable: true })
  updatetime: number | null;
}
