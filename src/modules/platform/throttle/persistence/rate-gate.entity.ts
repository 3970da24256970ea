import { Column, Entity, PrimaryColumn } from 'typeorm';

/** When a throttled key (a member or address commenting) last passed its gate (RateGate). */
@Entity('rate_gate')
export class RateGateEntity {
  @PrimaryColumn({ type: 'varchar', length: 120 })
  gate: string;

  @Column({ type: 'int', unsigned: true })
  passed_at: number;
}
