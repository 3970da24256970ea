import { seededText } from '../../../shared/http/seeded-text';
import { Injectable } from '@nestjs/common';
import { I18nContext } from 'nestjs-i18n';
import { CacheRegistry } from '../../../shared/cache/cache-registry';
import { CrudKit, parseIds } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { isDuplicateKey } from '../../../shared/database/sql-dialect';
import { translate } from '../../../shared/http/translate';
import {
  buildNewConfigItem,
  ConfigIndexView,
  ConfigItemRecord,
  ConfigItemView,
  ConfigRuleError,
  isSecretItem,
  parseGroups,
  planConfigEdit,
  presentConfig,
  presentConfigItem,
  SECRET_MASK,
} from './domain/config-item';
import { MAIL_CONNECT_TIMEOUT_MS, MailerService, mailSettingsFrom } from '../messaging/mail/mailer.service';
import { ConfigRepository } from './persistence/config.repository';
import { translateConfigText } from './site-config.service';

/** The SMTP fields the test mail takes from the request (over the saved ones). */
const SMTP_FIELDS = ['smtp_server', 'smtp_port', 'smtp_user', 'smtp_pass', 'smtp_verification', 'smtp_sender_mail'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ConfigIndexAnswer extends ConfigIndexView {
  remark: string;
}

/**
 * `routine.Config`: the settings page's data (items by group, secrets masked), saving many values at once
 * (all checked first, then written in one transaction), adding and deleting items, and the test mail.
 * The rules live in domain/config-item.ts; this service loads, writes and translates.
 */
@Injectable()
export class ConfigAdminService {
  /**
   * A failed test mail answers no sooner than this after it began. Its one message says nothing of why
   * (the server log does), and this keeps the time from telling it either: a closed port fails at once,
   * a filtered one after the connection timeout, a port that is open but not SMTP in between.
   */
  testMailFailureFloorMs = MAIL_CONNECT_TIMEOUT_MS;

  constructor(
    private readonly rows: ConfigRepository,
    private readonly transactions: TransactionRunner,
    private readonly mailer: MailerService,
    private readonly kit: CrudKit,
    private readonly caches: CacheRegistry,
  ) {}

  async index(): Promise<ConfigIndexAnswer> {
    const view = presentConfig(await this.rows.findAll(), textTranslator());
    return { ...view, remark: await this.remark() };
  }

  /** Saves `{ <name>: value, … }`; answers the page's data as it now is. */
  async edit(body: unknown): Promise<ConfigIndexAnswer> {
    const input = asObject(body);
    const t = textTranslator();
    await this.transactions.run(async (manager) => {
      const items = await this.rows.findAll(manager);
      const changes = planConfigEdit(items, input, (item) => t(item.title), t);
      await this.rows.updateValues(manager, changes);
    });
    await this.afterChange();
    return this.index();
  }

  async add(body: unknown): Promise<ConfigItemView> {
    const input = asObject(body);
    const created = await this.transactions.run(async (manager) => {
      const items = await this.rows.findAll(manager);
      const groups = parseGroups(items.find((item) => item.name === 'config_group')?.value);
      const row = buildNewConfigItem(input, groups, items.map((item) => item.name));
      try {
        const id = await this.rows.insert(manager, row);
        return { ...row, id } satisfies ConfigItemRecord;
      } catch (error) {
        // the unique index answers a race between two adds of the same name
        if (isDuplicateKey(error)) throw new ConfigRuleError('name_taken', { name: row.name });
        throw error;
      }
    });
    await this.afterChange();
    return presentConfigItem(created, textTranslator());
  }

  /** Deletes items added through the page; the seeded ones (allow_del 0) are refused. */
  async del(ids: unknown): Promise<{ count: number }> {
    const wanted = parseIds(ids);
    const count = await this.transactions.run(async (manager) => {
      const found = await this.rows.findByIds(manager, wanted);
      if (!found.length) throw new AppError('crud.no_rows_deleted');
      const builtin = found.find((row) => Number(row.allow_del) !== 1);
      if (builtin) throw new ConfigRuleError('builtin_not_deletable', { name: builtin.name });
      await this.rows.deleteByIds(manager, found.map((row) => row.id));
      return found.length;
    });
    await this.afterChange();
    return { count };
  }

  /**
   * Sends a test mail to `testMail` with the SMTP fields of the request, each missing one (and a password
   * sent back masked) taken from the saved settings. SMTP_URL is not used: the page tests its own settings.
   */
  async sendTestMail(body: unknown): Promise<{ mail: string }> {
    const input = asObject(body);
    const to = typeof input.testMail === 'string' ? input.testMail.trim() : '';
    if (!to) throw new AppError('validation.required', { field: '@config.field.testMail' });
    if (!EMAIL.test(to) || to.length > 254) throw new AppError('validation.email', { field: '@config.field.testMail' });

    const saved = await this.rows.findByNames([...SMTP_FIELDS]);
    const values: Record<string, unknown> = {};
    for (const name of SMTP_FIELDS) {
      const row = saved.find((item) => item.name === name);
      const given = input[name];
      const keepSaved = given === undefined || given === null || (row && isSecretItem(row) && given === SECRET_MASK);
      values[name] = keepSaved ? (row?.value ?? '') : typeof given === 'number' ? String(given) : given;
    }
    const settings = mailSettingsFrom(values);
    if (!settings) throw new ConfigRuleError('mail_not_configured');

    const site = seededText((await this.rows.findByName('site_name'))?.value ?? '').trim() || 'WMS';
    const started = Date.now();
    try {
      await this.mailer.sendWith(settings, {
        to,
        subject: translate('config.test_mail_subject', { site }),
        text: translate('config.test_mail_body', { site }),
      });
    } catch {
      // The mailer has logged the detail. Whoever holds this right could otherwise scan ports with it.
      const wait = started + this.testMailFailureFloorMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      throw new ConfigRuleError('test_mail_failed');
    }
    return { mail: to };
  }

  private async afterChange(): Promise<void> {
    // SiteConfigService reads the database per call; any cache of config values registers under 'config'.
    await this.caches.clear('config');
  }

  private async remark(): Promise<string> {
    return (await this.kit.environment?.remark('routine/config')) ?? '';
  }
}

/** Titles, tips and labels in the caller's language. */
function textTranslator(i18n: I18nContext | undefined = I18nContext.current()): (text: string) => string {
  return (text) => translateConfigText(text, i18n);
}

function asObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AppError('common.parameter_error');
  return body as Record<string, unknown>;
}

