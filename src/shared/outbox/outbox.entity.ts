import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An event written in the transaction of its change (`Outbox`), until the webhook dispatcher has taken it. */
@Entity('webhook_outbox')
export class OutboxEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() event_id: string;
  @Column() type: string;
  @Column({ type: 'int', default: 0 }) webhook_id: number;
  @Column({ type: 'text', nullable: true }) body: string | null;
  @Column({ type: 'int', nullable: true }) occurred_at: number | null;
  @Column({ type: 'tinyint', default: 0 }) dispatched: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}
