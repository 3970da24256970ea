import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An API token (`auth.ApiToken`): only its SHA-256 is kept (`token_hash`, never answered). */
@Entity('api_token')
export class ApiTokenEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  @Column() admin_id: number;
  @Column() token_hash: string;
  @Column() token_prefix: string;
  /** Admin rule ids, comma separated. */
  @Column({ type: 'text', nullable: true }) rules: string | null;
  @Column({ type: 'int', nullable: true }) expire_time: number | null;
  @Column({ type: 'int', nullable: true }) last_used_time: number | null;
  @Column() last_used_ip: string;
  @Column({ type: 'tinyint', default: 1 }) status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}
