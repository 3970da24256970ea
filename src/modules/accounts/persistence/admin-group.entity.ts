import { Column, Entity, PrimaryColumn } from 'typeorm';
import { GroupColumns } from './identity-columns';

/** An admin group: a tree (`pid`); its rules are what its admins may do (`*`: super administrators). */
@Entity('admin_group')
export class AdminGroupEntity extends GroupColumns {
  @Column() pid: number;
}

@Entity('admin_group_access')
export class AdminGroupAccessEntity {
  @PrimaryColumn() uid: number;
  @PrimaryColumn() group_id: number;
}
