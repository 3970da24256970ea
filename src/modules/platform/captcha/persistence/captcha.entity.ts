import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A pending click captcha: keyed by the sha256 of the client's id, never by the id itself. */
@Entity('captcha')
export class CaptchaEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  /** JSON: the image size and the targets' texts and hit boxes (see StoredClickCaptcha). */
  @Column({ type: 'text' })
  data: string;

  @Column({ type: 'int', unsigned: true, nullable: true })
  createtime: number | null;

  @Column({ type: 'int', unsigned: true, nullable: true })
  expiretime: number | null;
}
