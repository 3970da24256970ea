import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlatformModule } from '../platform.module';
import { VerificationCodeService } from './codes/verification-code.service';
import { EmsController } from './http/ems.controller';
import { SmsController } from './http/sms.controller';
import { MailerService } from './mail/mailer.service';
import { SmsMessageEntity } from './persistence/sms-message.entity';
import { VerificationCodeEntity } from './persistence/verification-code.entity';
import { DatabaseSmsDriver } from './sms/database-sms.driver';
import { SmsService } from './sms/sms.service';
import { VerificationSenderService } from './verification-sender.service';

/**
 * E-mail and SMS (platform context): `Ems/send`, `Sms/send`, verification codes, the mailer and the SMS
 * drivers. Imported by the contexts that check codes (accounts); the member look-ups it needs come from the
 * global MEMBER_CONTACTS provider.
 */
@Module({
  imports: [PlatformModule, TypeOrmModule.forFeature([VerificationCodeEntity, SmsMessageEntity])],
  controllers: [EmsController, SmsController],
  providers: [VerificationCodeService, MailerService, DatabaseSmsDriver, SmsService, VerificationSenderService],
  exports: [VerificationCodeService, MailerService, SmsService, VerificationSenderService],
})
export class MessagingModule {}
