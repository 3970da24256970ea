import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('admin_log')
export class AdminLogEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() admin_id: number;
  @Column() username: string;
  @Column() url: string;
  @Column() title: string;
  @Column({ type: 'text', nullable: true }) data: string | null;
  @Column() ip: string;
  @Column() useragent: string;
  /** The name of the API token the request came with ('' for a session). */
  @Column({ default: '' }) api_token: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}
