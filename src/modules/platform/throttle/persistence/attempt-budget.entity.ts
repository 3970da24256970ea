import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The failed attempts of one subject (an account, an address) and until when its next attempt waits (AttemptBudget). */
@Entity('attempt_budget')
export class AttemptBudgetEntity {
  @PrimaryColumn({ type: 'varchar', length: 150 })
  subject: string;

  @Column({ type: 'int', unsigned: true })
  failures: number;

  @Column({ type: 'int', unsigned: true })
  lasttime: number;

  @Column({ type: 'int', unsigned: true })
  blocked_until: number;
}
