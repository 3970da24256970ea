import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { integerTransformer } from './user.entity';

/** One change of a member's balance (cents): never updated, never deleted. */
@Entity('user_money_log')
export class UserMoneyLogEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() user_id: number;
  @Column({ type: 'bigint', transformer: integerTransformer }) money: number;
  @Column({ type: 'bigint', transformer: integerTransformer }) before: number;
  @Column({ type: 'bigint', transformer: integerTransformer }) after: number;
  @Column() memo: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}

/** One change of a member's score (points): never updated, never deleted. */
@Entity('user_score_log')
export class UserScoreLogEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() user_id: number;
  @Column({ type: 'bigint', transformer: integerTransformer }) score: number;
  @Column({ type: 'bigint', transformer: integerTransformer }) before: number;
  @Column({ type: 'bigint', transformer: integerTransformer }) after: number;
  @Column() memo: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}
