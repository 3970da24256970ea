import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A claimed `Idempotency-Key`: sha256 of (admin, command, key), and the subject it was first used for. */
@Entity('idempotency_key')
export class IdempotencyKeyEntity {
  @PrimaryColumn() id: string;
  @Column() command: string;
  @Column() admin_id: number;
  @Column() subject_id: number;
  /** A creation's key: the hash of the request it came with (`''` for a transition's). */
  @Column({ default: '' }) request_hash: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}
