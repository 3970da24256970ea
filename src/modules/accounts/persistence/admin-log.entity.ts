import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('admin_log')
export class AdminLogEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() admin_id: number;
  @Column() username: string;
  @Column() url: string;
  @Column() title: string;
  @Column({ type: 'text', nullable: true }) data: string | null;
  @Column() ip: string;
  @Column() useragent: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
}
