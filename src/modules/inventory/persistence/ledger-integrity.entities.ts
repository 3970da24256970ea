import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A signed digest of the ledger: the Merkle root over every stream's head up to an event. Append-only. */
@Entity('ledger_digest')
export class LedgerDigestEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() root: string;
  @Column({ type: 'bigint' }) last_event_id: number;
  @Column() streams: number;
  @Column({ type: 'bigint' }) events: number;
  /** The site day of a daily digest; null when taken on demand. */
  @Column({ type: 'varchar', nullable: true }) day: string | null;
  @Column() admin_id: number;
  @Column() signature: string;
  @Column({ type: 'int', nullable: true }) created_at: number | null;
  /** The digest taken before this one (0 for the first); null for digests of format 1, which name none. */
  @Column({ type: 'int', nullable: true }) previous_id: number | null;
}

/** A stream head that changed since the digest before: (digest, stream) → version and head hash. Append-only. */
@Entity('ledger_digest_leaf')
export class LedgerDigestLeafEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() digest_id: number;
  @Column() stream_id: string;
  @Column() stream_version: number;
  @Column() hash: string;
}

/** One verification run and its answer. */
@Entity('ledger_verification')
export class LedgerVerificationEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() admin_id: number;
  @Column() digest_id: number;
  @Column() intact: number;
  @Column({ type: 'bigint' }) events: number;
  @Column({ type: 'bigint' }) intact_up_to: number;
  @Column() problem_kind: string;
  @Column() problem_stream: string;
  @Column() problem_version: number;
  @Column({ type: 'bigint' }) problem_event_id: number;
  @Column() source: string;
  @Column({ type: 'int', nullable: true }) started_at: number | null;
  @Column({ type: 'int', nullable: true }) finished_at: number | null;
}
