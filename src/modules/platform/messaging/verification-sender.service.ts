import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { AppError, LoginRequiredError } from '../../../shared/http/app-error';
import { AuthMember } from '../../../shared/http/auth.decorators';
import { ClickCaptchaService, isLoginCaptchaEnabled } from '../captcha/click-captcha.service';
import { SiteConfigService } from '../config/site-config.service';
import { CODE_TTL, CodeChannel, isCodeEvent, normaliseTarget, purposeOf } from './domain/verification-code';
import { MailerService } from './mail/mailer.service';
import { MEMBER_CONTACTS, MemberContacts } from './member-contacts.port';
import { VerificationCodeService } from './codes/verification-code.service';
import { SmsService } from './sms/sms.service';
import { MessageTemplateService } from './templates/message-template.service';

export interface SendCodeRequest {
  channel: CodeChannel;
  target: string;
  event: string;
  captchaId?: string;
  captchaInfo?: string;
  /** The signed-in member, when the request carried a valid `ba-user-token`. */
  member?: AuthMember;
}

const USER_LOGIN_ROUTE = '/user/login';

/**
 * `Ems/send` and `Sms/send`: checks the click captcha and who may ask for which code, issues the code
 * (one per address and event per minute) and sends it by e-mail or SMS.
 */
@Injectable()
export class VerificationSenderService {
  private readonly logger = new Logger('VerificationSender');

  constructor(
    private readonly codes: VerificationCodeService,
    private readonly mailer: MailerService,
    private readonly sms: SmsService,
    private readonly captcha: ClickCaptchaService,
    private readonly siteConfig: SiteConfigService,
    private readonly templates: MessageTemplateService,
    @Optional() @Inject(MEMBER_CONTACTS) private readonly members: MemberContacts | null,
  ) {}

  /** The channels members can verify by: 'email' when mail is configured, 'mobile' when an SMS driver is set. */
  async channels(): Promise<CodeChannel[]> {
    const channels: CodeChannel[] = [];
    if (await this.mailer.isConfigured()) channels.push('email');
    if (await this.sms.isEnabled()) channels.push('mobile');
    return channels;
  }

  async send(request: SendCodeRequest): Promise<void> {
    const { channel, event } = request;
    if (!isCodeEvent(channel, event)) throw new AppError('messaging.unknown_event');
    const target = normaliseTarget(channel, request.target);
    if (isLoginCaptchaEnabled()) {
      if (!request.captchaId || !request.captchaInfo) throw new AppError('messaging.captcha_required');
      if (!(await this.captcha.verify(request.captchaId, request.captchaInfo, true))) throw new AppError('messaging.captcha_error');
    }
    if (channel === 'email' ? !(await this.mailer.isConfigured()) : !(await this.sms.isEnabled())) {
      throw new AppError(channel === 'email' ? 'messaging.mail_not_configured' : 'messaging.sms_not_enabled');
    }
    if (purposeOf(event) === 'retrieve') return this.sendRetrieveCode(channel, target, event);
    await this.checkAllowed(channel, target, event, request.member);

    const issued = await this.codes.issue(channel, target, event);
    try {
      await this.deliver(channel, target, event, issued.code);
    } catch {
      await this.codes.withdraw(issued);
      throw new AppError(channel === 'email' ? 'messaging.mail_failed' : 'messaging.sms_failed');
    }
  }

  /**
   * A password-reset code. The answer must not tell whether a member has the address (unlike sign-up, where
   * "already registered" is the point), so: the same answer, the same once-a-minute limit (a code is
   * issued for any address, and only a member's is sent), and the same time (the mail or SMS leaves after
   * the answer; a failure is logged by the mailer and withdraws the code).
   */
  private async sendRetrieveCode(channel: CodeChannel, target: string, event: string): Promise<void> {
    if (!this.members) throw new AppError('messaging.unknown_event');
    const issued = await this.codes.issue(channel, target, event);
    if (!(await this.members.isRegistered(channel, target))) return;
    void this.deliver(channel, target, event, issued.code).catch(async (error: unknown) => {
      this.logger.warn(`The ${channel} password-reset code could not be sent: ${(error as Error)?.message ?? error}`);
      await this.codes.withdraw(issued).catch(() => undefined);
    });
  }

  private deliver(channel: CodeChannel, target: string, event: string, code: string): Promise<void> {
    return channel === 'email' ? this.sendMail(target, event, code) : this.sendSms(target, event, code);
  }

  /** Register: a new address. Change: signed in, a free address. Verify: one's own. (Retrieve: see above.) */
  private async checkAllowed(channel: CodeChannel, target: string, event: string, member: AuthMember | undefined): Promise<void> {
    if (!this.members) throw new AppError('messaging.unknown_event');
    const purpose = purposeOf(event);
    if (purpose === 'register' || purpose === 'change') {
      if (purpose === 'change' && !member) throw new LoginRequiredError(USER_LOGIN_ROUTE);
      if (await this.members.isRegistered(channel, target)) throw new AppError(`messaging.${channel}_registered`);
      return;
    }
    if (!member) throw new LoginRequiredError(USER_LOGIN_ROUTE);
    const own = await this.members.contactOf(member.id);
    const current = own ? (channel === 'email' ? own.email : own.mobile) : '';
    if (!current || normaliseTarget(channel, current) !== target) throw new AppError(`messaging.not_own_${channel}`);
  }

  /** The code in the event's e-mail template (Routine → Message templates), in the request's language. */
  private async sendMail(to: string, event: string, code: string): Promise<void> {
    const mail = await this.templates.render(event, 'email', { site: await this.siteConfig.siteName(), code, minutes: String(CODE_TTL / 60) });
    await this.mailer.send({ to, subject: mail.title, text: mail.content, html: mailHtml(mail.content) });
  }

  /** The code in the event's SMS template: its text, provider template code and variables. */
  private async sendSms(mobile: string, event: string, code: string): Promise<void> {
    const sms = await this.templates.render(event, 'sms', { site: await this.siteConfig.siteName(), code, minutes: String(CODE_TTL / 60) });
    await this.sms.send({ mobile, event, content: sms.content, templateCode: sms.templateCode, params: sms.params, orderedParams: sms.orderedParams });
  }
}

/** A plain-text body as HTML: escaped, its line breaks kept. */
export function mailHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
