import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { AuthMember, CurrentMember, Public } from '../../../../shared/http/auth.decorators';
import { reply } from '../../../../shared/http/reply';
import { VerificationSenderService } from '../verification-sender.service';
import { SendSmsCodeDto } from './dto/send-code.dto';

/** POST /api/Sms/send {mobile, template_code | event, captchaId, captchaInfo}: a verification code by SMS. */
@Controller('api/sms')
export class SmsController {
  constructor(private readonly sender: VerificationSenderService) {}

  @Public()
  @Post('send')
  @HttpCode(HttpStatus.OK)
  async send(@Body() body: SendSmsCodeDto, @CurrentMember() member?: AuthMember) {
    const event = body.template_code || body.event || '';
    await this.sender.send({ channel: 'mobile', target: body.mobile, event, captchaId: body.captchaId, captchaInfo: body.captchaInfo, member });
    return reply(null, 'messaging.code_sent');
  }
}
