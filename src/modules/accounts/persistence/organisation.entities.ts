import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A department of the organisation: a tree by `pid` (0 = top level). Admins belong to one (`admin.department_id`). */
@Entity('admin_department')
export class AdminDepartmentEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: 0 }) pid: number;
  @Column({ default: '' }) name: string;
  @Column({ default: 0 }) weigh: number;
  @Column({ default: 1 }) status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}

/** A job title admins hold (`admin.job_id`). */
@Entity('admin_job')
export class AdminJobEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: '' }) name: string;
  @Column({ default: 0 }) weigh: number;
  @Column({ default: 1 }) status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}
