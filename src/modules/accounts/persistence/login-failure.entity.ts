import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type LoginScope = 'admin' | 'user';

/** Failed sign-ins of one account (or one unknown name) from one address, within the lock window. */
@Entity('login_failure')
export class LoginFailureEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar' }) scope: LoginScope;
  /** `#<account id>`, or `?<name as typed, lower case>` when no account has that name. */
  @Column() account: string;
  @Column() ip: string;
  @Column() failures: number;
  @Column() lasttime: number;
}
