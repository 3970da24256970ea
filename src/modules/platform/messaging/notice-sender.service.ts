import { I18nService } from 'nestjs-i18n';
import { seededTextIn } from '../../../shared/http/seeded-text';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { SiteConfigService } from '../config/site-config.service';
import { MailerService } from './mail/mailer.service';
import { MEMBER_CONTACTS, MemberContacts } from './member-contacts.port';
import { SmsService } from './sms/sms.service';
import { MessageTemplateService } from './templates/message-template.service';
import { mailHtml } from './verification-sender.service';

export interface Notice {
  memberId: number;
  /** The member's name as the notice addresses it. */
  username: string;
  title: string;
  content: string;
  /** The language of the texts ('zh-cn' or 'en'). */
  lang?: string;
}

/**
 * A notice to a member with the `notice` message template: by e-mail when mail is configured and the member
 * has an address, else by SMS when a driver is set and the member has a mobile. Best effort: a notice that
 * cannot be delivered is logged and answers false, it never fails the work that caused it.
 */
@Injectable()
export class NoticeSenderService {
  private readonly logger = new Logger('Notice');

  constructor(
    private readonly mailer: MailerService,
    private readonly sms: SmsService,
    private readonly templates: MessageTemplateService,
    private readonly siteConfig: SiteConfigService,
    private readonly i18n: I18nService,
    @Optional() @Inject(MEMBER_CONTACTS) private readonly members: MemberContacts | null,
  ) {}

  async send(notice: Notice): Promise<boolean> {
    try {
      const contact = await this.members?.contactOf(notice.memberId);
      if (!contact) return false;
      // the site as the member reads it: a seeded name in the member's language, a given one as typed
      const name = await this.siteConfig.get('site_name');
      const site = seededTextIn(typeof name === 'string' ? name.trim() : '', notice.lang, this.i18n) || 'WMS';
      const values = { site, username: notice.username, title: notice.title, content: notice.content };
      if (contact.email && (await this.mailer.isConfigured())) {
        const mail = await this.templates.render('notice', 'email', values, notice.lang);
        await this.mailer.send({ to: contact.email, subject: mail.title, text: mail.content, html: mailHtml(mail.content) });
        return true;
      }
      if (contact.mobile && (await this.sms.isEnabled())) {
        const sms = await this.templates.render('notice', 'sms', values, notice.lang);
        await this.sms.send({ mobile: contact.mobile, event: 'notice', content: sms.content, templateCode: sms.templateCode, params: sms.params, orderedParams: sms.orderedParams });
        return true;
      }
      return false;
    } catch (error) {
      this.logger.warn(`A notice to member ${notice.memberId} was not delivered: ${(error as Error).message}`);
      return false;
    }
  }
}
