import { Column, Entity, PrimaryGeneratedColumn, ValueTransformer } from 'typeorm';

/** BIGINT columns arrive as strings from some drivers; amounts here stay far below 2^53. */
export const integerTransformer: ValueTransformer = {
  to: (value: unknown) => value,
  from: (value: unknown) => (value === null || value === undefined ? value : Number(value)),
};

/** A member of the site (BuildAdmin `ba_user`). Money in cents; change it only through the money log. */
@Entity('user')
export class UserEntity {
  @PrimaryGeneratedColumn() id: number;
  @Column() group_id: number;
  @Column() username: string;
  @Column() nickname: string;
  /** NULL when not bound (the unique index then allows many). */
  @Column({ type: 'varchar', nullable: true }) email: string | null;
  @Column({ type: 'varchar', nullable: true }) mobile: string | null;
  @Column() avatar: string;
  /** 0 unknown, 1 male, 2 female */
  @Column() gender: number;
  /** YYYY-MM-DD */
  @Column({ type: 'varchar', nullable: true }) birthday: string | null;
  /** Cents. */
  @Column({ type: 'bigint', transformer: integerTransformer }) money: number;
  @Column({ type: 'bigint', transformer: integerTransformer }) score: number;
  @Column() login_failure: number;
  @Column({ type: 'int', nullable: true }) lastlogintime: number | null;
  @Column() lastloginip: string;
  @Column({ type: 'int', nullable: true }) jointime: number | null;
  @Column() joinip: string;
  @Column({ select: false }) password: string;
  @Column() motto: string;
  /** 1 enabled, 0 disabled */
  @Column() status: number;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
}
