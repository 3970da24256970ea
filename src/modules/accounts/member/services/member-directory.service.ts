import { Injectable } from '@nestjs/common';
import { AccountDirectory } from '../../identity/account-directory';
import { UserEntity } from '../persistence/user.entity';

/** Display names of members (authors of comments and contributions) for other contexts. */
@Injectable()
export class MemberDirectory extends AccountDirectory {
  constructor() {
    super(UserEntity);
  }
}
