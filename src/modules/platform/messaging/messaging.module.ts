import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformModule } from '../platform.module';
import { VerificationCodeService } from './codes/verification-code.service';
import { EmsController } from './http/ems.controller';
import { MessageTemplateController } from './http/message-template.controller';
import { SmsController } from './http/sms.controller';
import { MailerService } from './mail/mailer.service';
import { NoticeSenderService } from './notice-sender.service';
import { MessageTemplateEntity } from './persistence/message-template.entity';
import { SmsMessageEntity } from './persistence/sms-message.entity';
import { VerificationCodeEntity } from './persistence/verification-code.entity';
import { AliyunSmsDriver } from './sms/aliyun-sms.driver';
import { DatabaseSmsDriver } from './sms/database-sms.driver';
import { SmsService } from './sms/sms.service';
import { TencentSmsDriver } from './sms/tencent-sms.driver';
import { MessageTemplateService } from './templates/message-template.service';
import { VerificationSenderService } from './verification-sender.service';

/**
 * E-mail and SMS (platform context): `Ems/send`, `Sms/send`, verification codes, notices, the message
 * templates (and their back-office page), the mailer and the SMS drivers. Imported by the contexts that
 * send (accounts, cms); the member look-ups it needs come from the global MEMBER_CONTACTS provider.
 */
@Module({
  imports: [PlatformModule, TypeOrmModule.forFeature([VerificationCodeEntity, SmsMessageEntity, MessageTemplateEntity])],
  controllers: [EmsController, SmsController, MessageTemplateController],
  providers: [
    VerificationCodeService,
    MailerService,
    DatabaseSmsDriver,
    AliyunSmsDriver,
    TencentSmsDriver,
    SmsService,
    MessageTemplateService,
    VerificationSenderService,
    NoticeSenderService,
  ],
  exports: [VerificationCodeService, MailerService, SmsService, VerificationSenderService, NoticeSenderService, MessageTemplateService],
})
export class MessagingModule {}
