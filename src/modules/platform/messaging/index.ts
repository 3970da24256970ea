/** E-mail and SMS: verification codes, notices, message templates, the mailer and the SMS drivers (exported through the platform index). */
export { MessagingModule } from './messaging.module';
export { VerificationCodeService } from './codes/verification-code.service';
export type { IssuedCode } from './codes/verification-code.service';
export { MailerService, mailSettingsFrom } from './mail/mailer.service';
export type { MailSettings, OutgoingMail } from './mail/mailer.service';
export { mailFailureReason } from './mail/mail-failure';
export type { MailFailureReason } from './mail/mail-failure';
export { SmsService } from './sms/sms.service';
export type { SmsDriver, SmsMessage, SmsSettings } from './sms/sms-driver';
export { VerificationSenderService } from './verification-sender.service';
export { NoticeSenderService } from './notice-sender.service';
export type { Notice } from './notice-sender.service';
export { MessageTemplateService } from './templates/message-template.service';
export { MEMBER_CONTACTS } from './member-contacts.port';
export type { MemberContacts } from './member-contacts.port';
export { CODE_EVENTS, CODE_TTL, MAX_CODE_ATTEMPTS, RESEND_INTERVAL } from './domain/verification-code';
export type { CodeChannel } from './domain/verification-code';
