import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

const toNumber = { to: (value: unknown) => value, from: (value: unknown) => (value === null || value === undefined ? value : Number(value)) };

/** One stored file. `url` is the public path (`/storage/...`). */
@Entity('attachment')
export class AttachmentEntity {
  @PrimaryGeneratedColumn({ type: 'integer', unsigned: true }) id: number;
  /** The folder-like group the client asked for (`default`, `brand`, ...). */
  @Column({ type: 'varchar', length: 20, default: '' }) topic: string;
  /** Who uploaded it: an admin, or a member (the other is 0). */
  @Column({ type: 'int', unsigned: true, default: 0 }) admin_id: number;
  @Column({ type: 'int', unsigned: true, default: 0 }) user_id: number;
  @Column({ type: 'varchar', length: 255, default: '' }) url: string;
  /** Pixels, for images; 0 otherwise. */
  @Column({ type: 'int', unsigned: true, default: 0 }) width: number;
  @Column({ type: 'int', unsigned: true, default: 0 }) height: number;
  /** The original file name. */
  @Column({ type: 'varchar', length: 100, default: '' }) name: string;
  /** Bytes. */
  @Column({ type: 'bigint', unsigned: true, default: 0, transformer: toNumber }) size: number;
  /** As the client reported it. */
  @Column({ type: 'varchar', length: 100, default: '' }) mimetype: string;
  /** How many uploads resolved to this file. */
  @Column({ type: 'int', unsigned: true, default: 0 }) quote: number;
  /** `local`: this server. */
  @Column({ type: 'varchar', length: 50, default: '' }) storage: string;
  @Column({ type: 'varchar', length: 40, default: '' }) sha1: string;
  @Column({ type: 'int', unsigned: true, nullable: true }) createtime: number | null;
  @Column({ type: 'int', unsigned: true, nullable: true }) last_upload_time: number | null;
}
