import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A pending e-mail or SMS verification code: one per address and purpose, keyed by the sha256 of
 * channel, event and address. Only a salted hash of the code is kept.
 */
@Entity('verification_code')
export class VerificationCodeEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'varchar', length: 40 })
  event: string;

  @Column({ type: 'varchar', length: 32 })
  salt: string;

  @Column({ type: 'varchar', length: 64 })
  code_hash: string;

  /** Wrong answers so far; the code is void after MAX_CODE_ATTEMPTS. */
  @Column({ type: 'int', unsigned: true })
  attempts: number;

  /** When the code was sent (the resend limit counts from here). */
  @Column({ type: 'int', unsigned: true, nullable: true })
  createtime: number | null;

  @Column({ type: 'int', unsigned: true, nullable: true })
  expiretime: number | null;
}
