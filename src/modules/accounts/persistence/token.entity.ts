import { Column, Entity, PrimaryColumn } from 'typeorm';

export type TokenType = 'admin' | 'admin-refresh' | 'user' | 'user-refresh' | 'email-pass' | 'mobile-pass';

/** A live token, known only by the SHA-256 of its secret part: the raw value is never stored. */
@Entity('token')
export class TokenEntity {
  @PrimaryColumn() id: string;
  @Column({ type: 'varchar' }) type: TokenType;
  @Column() account_id: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) expiretime: number | null;
}
