import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A receiver of events (`routine.Webhook`); `secret` signs its deliveries and is answered once, on add. */
@Entity('webhook')
export class WebhookEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() url: string;
  /** Subscribed event types, comma separated. */
  @Column() events: string;
  @Column() secret: string;
  @Column({ type: 'tinyint', default: 1 }) status: number;
  @Column({ type: 'tinyint', default: 0 }) failing: number;
  @Column({ type: 'int', nullable: true }) failing_since: number | null;
  @Column({ default: '' }) lease_owner: string;
  @Column({ type: 'int', default: 0 }) lease_until: number;
  @Column({ type: 'int', default: 0 }) retry_at: number;
  @Column({ type: 'int', default: 0 }) admin_id: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** One event for one webhook (`routine.WebhookDelivery`): its attempts so far and the next one. */
@Entity('webhook_delivery')
export class WebhookDeliveryEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() webhook_id: number;
  @Column() outbox_id: number;
  @Column() event_id: string;
  @Column() type: string;
  @Column({ type: 'tinyint', default: 1 }) ordered: number;
  @Column({ type: 'tinyint', default: 0 }) status: number;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @Column({ type: 'int', default: 0 }) last_status: number;
  @Column({ default: '' }) last_error: string;
  @Column({ type: 'int', default: 0 }) next_attempt_time: number;
  @Column({ type: 'int', default: 0 }) deadline_time: number;
  @Column({ type: 'int', nullable: true }) delivered_time: number | null;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** The row whose lock serialises the dispatch of the outbox (`name = 'dispatch'`). */
@Entity('webhook_lock')
export class WebhookLockEntity {
  @PrimaryColumn() name: string;
  @Column({ type: 'int', default: 0 }) version: number;
}
