import type { AdminInfo } from '@contract/accounts';
import type { TFunction } from '@/lang';

/** How the back office names an admin's role: a super admin as such, anyone else by their groups (an auditor as "Auditors"). */
export function roleOf(admin: Pick<AdminInfo, 'super' | 'groups'>, t: TFunction): string {
  if (admin.super) return t('layout.superAdmin');
  return admin.groups?.length ? admin.groups.join(' · ') : t('layout.administrator');
}
