import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A DingTalk (1) or WeCom (2) group robot (`routine.Robot`); `secret` is a password item, never answered. */
@Entity('robot')
export class RobotEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  @Column({ type: 'tinyint', default: 1 }) type: number;
  @Column() webhook: string;
  @Column({ default: '' }) secret: string;
  /** Subscribed events, comma separated. */
  @Column() events: string;
  @Column({ default: 'zh-cn' }) lang: string;
  @Column({ type: 'tinyint', default: 1 }) status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** The message of one event in one language (`routine.RobotTemplate`), with `{variables}`. */
@Entity('robot_template')
export class RobotTemplateEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() event: string;
  @Column() lang: string;
  @Column() title: string;
  @Column({ type: 'text', nullable: true }) content: string | null;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** One message sent to one robot and what it answered (`routine.RobotLog`). */
@Entity('robot_log')
export class RobotLogEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: 0 }) robot_id: number;
  @Column() event: string;
  @Column({ type: 'tinyint', default: 0 }) result: number;
  @Column({ default: 0 }) status_code: number;
  @Column() answer: string;
  @Column() content: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}

/** A daily event sent on a site day (one row per event and day, whichever process sends it). */
@Entity('robot_daily')
export class RobotDailyEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() event: string;
  @Column() day: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}
