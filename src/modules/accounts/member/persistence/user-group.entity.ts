import { Entity } from 'typeorm';
import { GroupColumns } from '../../persistence/identity-columns';

/** A member group: its rules decide the member-center menus and buttons (`*` = every rule). */
@Entity('user_group')
export class UserGroupEntity extends GroupColumns {}
