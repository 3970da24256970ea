/** The accounts context's public surface. */
export { AccountsModule } from './accounts.module';
export { AccountsSeeder } from './seed/accounts.seeder';
export { AdminAccessService } from './auth/admin-access.service';
export { AdminDirectory } from './auth/admin-directory.service';
export { MemberDirectory } from './member/services/member-directory.service';
export { MemberLedgerService } from './member/services/member-ledger.service';
export { ExternalSignIn } from './member/services/external-sign-in.service';
export type { InSignIn } from './member/services/external-sign-in.service';
export { passwordCost } from './domain/password';

/** The accounts tables other contexts may join by name in their lists (CrudJoin), without its classes. */
export const ACCOUNT_TABLES = { admin: 'admin', member: 'user' } as const;
