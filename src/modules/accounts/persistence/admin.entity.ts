import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('admin')
export class AdminEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() username: string;
  @Column() nickname: string;
  @Column() avatar: string;
  @Column() email: string;
  @Column() mobile: string;
  @Column() login_failure: number;
  @Column({ type: 'int', nullable: true }) lastlogintime: number | null;
  @Column() lastloginip: string;
  @Column({ select: false }) password: string;
  @Column() motto: string;
  @Column() status: number;
  /** Its department (admin_department; 0: none) and job (admin_job; 0: none). */
  @Column({ default: 0 }) department_id: number;
  @Column({ default: 0 }) job_id: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}
