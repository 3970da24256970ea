import { Controller, Get, Query } from '@nestjs/common';
import { I18nContext } from 'nestjs-i18n';
import { CrudKit, CrudService } from '../../../shared/crud';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { translate } from '../../../shared/http/translate';
import { ruleTitle } from '../identity/rule-title';
import { AdminLogEntity } from '../persistence/admin-log.entity';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';
import { nodesOf } from './admin-log.middleware';

/** The title an entry was written with is in the site's language (zh-cn); the path says what it was. */
const LOGIN_PATH = /^\/admin\/index\/login$/i;

/** Read-only: the log is never edited. Admins other than super admins see only their own entries. */
@Controller('admin/auth.adminlog')
export class AdminLogController {
  private readonly crud: CrudService<AdminLogEntity>;

  constructor(private readonly kit: CrudKit) {
    this.crud = new CrudService(kit, {
      entity: AdminLogEntity,
      alias: 'log',
      writable: [],
      quickSearchFields: ['id', 'username', 'title'],
      searchFields: ['id', 'admin_id', 'username', 'title', 'url', 'ip', 'createtime'],
    });
  }

  @Get('index')
  async index(@Query() query: Record<string, unknown>, @CurrentAdmin() operator: AuthAdmin) {
    const answer = await this.crud.list(query, {
      controllerPath: 'auth/adminlog',
      scope: (qb) => (operator.isSuper ? qb : qb.andWhere('log.admin_id = :me', { me: operator.id })),
    });
    return { ...answer, list: await this.inReadersLanguage(answer.list) };
  }

  /**
   * Titles in the reader's language: written once, in the site's language, from the rule titles of the
   * request's path; read again from the same rules (and their English titles) for an English reader.
   */
  private async inReadersLanguage<Row extends Record<string, unknown>>(rows: Row[]): Promise<Row[]> {
    if (I18nContext.current()?.lang !== 'en' || !rows.length) return rows;
    const rules = await this.kit.dataSource.getRepository(AdminRuleEntity).find({ select: { name: true, title: true, title_en: true } });
    const byName = new Map(rules.map((rule) => [rule.name.toLowerCase(), rule]));
    return rows.map((row) => {
      const path = String(row.url ?? '').split('?')[0];
      if (LOGIN_PATH.test(path)) return { ...row, title: translate('accounts.log_title_login') };
      const [controller, action] = nodesOf(path);
      const parent = byName.get(controller);
      const child = action ? byName.get(action) : undefined;
      return parent && child ? { ...row, title: `${ruleTitle(parent, 'en')}-${ruleTitle(child, 'en')}` } : row;
    });
  }
}
