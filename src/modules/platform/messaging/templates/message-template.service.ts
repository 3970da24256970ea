import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { I18nContext } from 'nestjs-i18n';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { unixNow } from '../../../../shared/http/envelope';
import { defaultTemplate, RenderedTemplate, renderTemplate, TemplateChannel, TemplateLang, templateKeys, TEMPLATE_LANGS } from '../domain/message-template';
import { MessageTemplateEntity } from '../persistence/message-template.entity';

/**
 * The texts e-mail and SMS are sent with: the template of the event, channel and the request's language
 * (the other language's when it has none); the built-in text when that template is switched off. Read on every send, so an edit applies at once.
 */
@Injectable()
export class MessageTemplateService {
  constructor(private readonly transactions: TransactionRunner) {}

  async render(event: string, channel: TemplateChannel, values: Record<string, string>, lang: string = I18nContext.current()?.lang ?? 'zh-cn'): Promise<RenderedTemplate> {
    const wanted: TemplateLang = lang === 'en' ? 'en' : 'zh-cn';
    const rows = await this.transactions.manager.find(MessageTemplateEntity, { where: { event, channel } });
    const own = rows.find((r) => r.lang === wanted);
    // switched off: the built-in text of the language; missing: the other language's template
    const row = own ? (own.status === 1 ? own : null) : (rows.find((r) => r.status === 1 && (TEMPLATE_LANGS as readonly string[]).includes(r.lang)) ?? null);
    return renderTemplate(row ?? defaultTemplate(event, channel, wanted), values);
  }

  /** The built-in templates of every event, channel and language (seed and migration). */
  static async seed(manager: EntityManager): Promise<void> {
    const now = unixNow();
    await manager.insert(
      MessageTemplateEntity,
      templateKeys().map((key) => ({ ...key, ...defaultTemplate(key.event, key.channel, key.lang), status: 1, createtime: now, updatetime: now })),
    );
  }
}
