import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { I18nContext } from 'nestjs-i18n';
import { AppError } from '../../../../shared/http/app-error';
import { Public } from '../../../../shared/http/auth.decorators';
import { ClickCaptchaImage, ClickCaptchaService } from '../click-captcha.service';
import { CheckClickCaptchaDto, ClickCaptchaQueryDto } from './dto/click-captcha.dto';

/** `/api/common/clickCaptcha` and `/api/common/checkClickCaptcha`. */
@Controller('api/common')
export class ClickCaptchaController {
  constructor(private readonly captchas: ClickCaptchaService) {}

  @Public()
  @Get('clickCaptcha')
  @Header('Cache-Control', 'no-store')
  create(@Query() query: ClickCaptchaQueryDto): Promise<ClickCaptchaImage> {
    return this.captchas.create(query.id, I18nContext.current()?.lang);
  }

  @Public()
  @Post('checkClickCaptcha')
  @HttpCode(HttpStatus.OK)
  async check(@Body() body: CheckClickCaptchaDto): Promise<null> {
    if (!(await this.captchas.verify(body.id, body.info ?? '', body.unset ?? false))) throw new AppError('platform.captcha_error');
    return null;
  }
}
