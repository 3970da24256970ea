import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { TemplateChannel } from '../domain/message-template';

/** One message template: an event's text for one channel and language (domain/message-template.ts). */
@Entity('message_template')
export class MessageTemplateEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() event: string;
  @Column({ type: 'varchar' }) channel: TemplateChannel;
  @Column() lang: string;
  /** The e-mail subject ('' for SMS). */
  @Column({ default: '' }) title: string;
  @Column({ type: 'text' }) content: string;
  /** The SMS provider's template code ('' for e-mail). */
  @Column({ default: '' }) template_code: string;
  /** 1 used; 0 switched off (the built-in text is sent instead). */
  @Column({ default: 1 }) status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}
