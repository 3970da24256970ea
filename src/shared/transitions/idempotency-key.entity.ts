import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A claimed `Idempotency-Key`: sha256 of (admin, command, key), and the subject it was first used for. */
@Entity('idempotency_key')
export class IdempotencyKeyEntity {
  @PrimaryColumn() id: string;
  @Column() command: string;
  @Column() admin_id: number;
  @Column() subject_id: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}
