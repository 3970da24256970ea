import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The fields carriers, customers and suppliers share. */
export abstract class PartnerColumns {
  @PrimaryGeneratedColumn() id: number;
  @Column({ default: '' }) name: string;
  @Column({ default: '' }) contact_person: string;
  @Column({ default: '' }) mobile: string;
  @Column({ default: '' }) email: string;
  @Column({ default: '' }) wechat: string;
  @Column({ default: 0 }) level: number;
  @Column({ default: '' }) city: string;
  @Column({ default: '' }) address: string;
  @Column({ default: 0 }) weigh: number;
  @Column({ default: '' }) remark: string;
  @Column({ type: 'int', nullable: true }) createtime: number | null;
  @Column({ type: 'int', nullable: true }) updatetime: number | null;
  @Column({ type: 'int', nullable: true }) deletetime: number | null;
}

@Entity('carrier')
export class CarrierEntity extends PartnerColumns {}

@Entity('customer')
export class CustomerEntity extends PartnerColumns {}

@Entity('supplier')
export class SupplierEntity extends PartnerColumns {}
