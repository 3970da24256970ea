/** The accounts context's public surface. */
export { AccountsModule } from './accounts.module';
export { AccountsSeeder } from './seed/accounts.seeder';
export { AdminAccessService } from './auth/admin-access.service';
export { AdminDirectory } from './auth/admin-directory.service';
