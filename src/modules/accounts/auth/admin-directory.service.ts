import { Injectable } from '@nestjs/common';
import { AccountDirectory } from '../identity/account-directory';
import { AdminEntity } from '../persistence/admin.entity';

/** Display names of admins (operators of orders, authors of log entries) for other contexts. */
@Injectable()
export class AdminDirectory extends AccountDirectory {
  constructor() {
    super(AdminEntity);
  }
}
