/**
 * Registers the words of the auditor's workspace views (lang/<lang>/audit.json, keys 'auditView.*') once,
 * when first imported: the trace, stock-as-of and variance pages and the order snapshot share them.
 */
import { addMessages } from '@/lang';
import zhAudit from '@/lang/zh-cn/audit.json';
import enAudit from '@/lang/en/audit.json';

let registered = false;

export function registerAuditMessages(): void {
  if (registered) return;
  registered = true;
  addMessages('zh-cn', zhAudit, 'auditView');
  addMessages('en', enAudit, 'auditView');
}

registerAuditMessages();
