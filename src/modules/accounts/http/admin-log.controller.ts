import { Controller, Get, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { I18nContext } from 'nestjs-i18n';
import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { CrudKit, CrudRow, CrudService, ListExportHelpers, sendListExport } from '../../../shared/crud';
import { AuthAdmin, CurrentAdmin } from '../../../shared/http/auth.decorators';
import { translate } from '../../../shared/http/translate';
import { ruleTitle } from '../identity/rule-title';
import { AdminLogEntity } from '../persistence/admin-log.entity';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';
import { nodesOf } from './admin-log.middleware';
import { ADMIN_LOG_LIST } from '../crud/accounts.cruds';

/** The title an entry was written with is in the site's language (zh-cn); the path says what it was. */
const LOGIN_PATH = /^\/admin\/index\/login$/i;

/** Read-only: the log is never edited. Admins other than super admins see only their own entries. */
@Controller('admin/auth.adminlog')
export class AdminLogController {
  private readonly crud: CrudService<AdminLogEntity>;

  constructor(private readonly kit: CrudKit) {
    this.crud = new CrudService(kit, ADMIN_LOG_LIST);
  }

  @Get('index')
  async index(@Query() query: Record<string, unknown>, @CurrentAdmin() operator: AuthAdmin) {
    const answer = await this.crud.list(query, { controllerPath: 'auth/adminlog', scope: this.visibleTo(operator) });
    if (!answer.list.length) return answer;
    const title = await this.titleInReadersLanguage();
    return { ...answer, list: answer.list.map((row) => ({ ...row, title: title(row) })) };
  }

  /** The entries the list shows, with its filters, as CSV or XLSX (`format`); never the request data. */
  @Get('export')
  async export(@Query() query: Record<string, unknown>, @CurrentAdmin() operator: AuthAdmin, @Res() response: Response): Promise<void> {
    const title = await this.titleInReadersLanguage();
    const h = (name: string) => `accounts.log_export.${name}`;
    await sendListExport<ListExportHelpers>(
      response,
      this.crud,
      query,
      {
        title: h('title'),
        columns: [
          { label: h('id'), value: (row) => row.id, type: 'number' },
          { label: h('username'), value: (row) => row.username },
          { label: h('api_token'), value: (row) => row.api_token },
          { label: h('action'), value: (row) => title(row), width: 30 },
          { label: h('url'), value: (row) => row.url, width: 40 },
          { label: h('ip'), value: (row) => row.ip, width: 16 },
          { label: h('useragent'), value: (row) => row.useragent, width: 40 },
          { label: h('createtime'), value: (row, x) => x.time(row.createtime), width: 20 },
        ],
      },
      { scope: this.visibleTo(operator) },
    );
  }

  private visibleTo(operator: AuthAdmin) {
    return (qb: SelectQueryBuilder<ObjectLiteral>) => (operator.isSuper ? qb : qb.andWhere('log.admin_id = :me', { me: operator.id }));
  }

  /**
   * Titles in the reader's language: written once, in the site's language, from the rule titles of the
   * request's path; read again from the same rules (and their English titles) for an English reader.
   */
  private async titleInReadersLanguage(): Promise<(row: CrudRow) => unknown> {
    if (I18nContext.current()?.lang !== 'en') return (row) => row.title;
    const rules = await this.kit.dataSource.getRepository(AdminRuleEntity).find({ select: { name: true, title: true, title_en: true } });
    const byName = new Map(rules.map((rule) => [rule.name.toLowerCase(), rule]));
    return (row) => {
      const path = String(row.url ?? '').split('?')[0];
      if (LOGIN_PATH.test(path)) return translate('accounts.log_title_login');
      const [controller, action] = nodesOf(path);
      const parent = byName.get(controller);
      const child = action ? byName.get(action) : undefined;
      return parent && child ? `${ruleTitle(parent, 'en')}-${ruleTitle(child, 'en')}` : row.title;
    };
  }
}
