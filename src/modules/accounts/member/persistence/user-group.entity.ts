import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A member group: its rules decide the member-center menus and buttons (`*` = every rule). */
@Entity('user_group')
export class UserGroupEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  @Column({ type: 'text', nullable: true }) rules: string | null;
  @Column() status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}
