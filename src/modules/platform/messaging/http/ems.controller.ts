import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { AuthMember, CurrentMember, Public } from '../../../../shared/http/auth.decorators';
import { reply } from '../../../../shared/http/reply';
import { VerificationSenderService } from '../verification-sender.service';
import { SendEmailCodeDto } from './dto/send-code.dto';

/** POST /api/Ems/send {email, event, captchaId, captchaInfo}: a verification code by e-mail. */
@Controller('api/ems')
export class EmsController {
  constructor(private readonly sender: VerificationSenderService) {}

  @Public()
  @Post('send')
  @HttpCode(HttpStatus.OK)
  async send(@Body() body: SendEmailCodeDto, @CurrentMember() member?: AuthMember) {
    await this.sender.send({ channel: 'email', target: body.email, event: body.event, captchaId: body.captchaId, captchaInfo: body.captchaInfo, member });
    return reply(null, 'messaging.code_sent');
  }
}
