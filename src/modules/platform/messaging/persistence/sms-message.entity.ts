import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A text message as the development SMS driver "sends" it: recorded, never delivered. */
@Entity('sms_message')
export class SmsMessageEntity {
  @PrimaryGeneratedColumn({ type: 'integer', unsigned: true })
  id: number;

  @Column({ type: 'varchar', length: 20 })
  mobile: string;

  @Column({ type: 'varchar', length: 50 })
  template: string;

  @Column({ type: 'varchar', length: 500 })
  content: string;

  @Column({ type: 'int', unsigned: true, nullable: true })
  createtime: number | null;
}
