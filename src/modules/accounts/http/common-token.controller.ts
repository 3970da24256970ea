import { Body, Controller, Post, Req } from '@nestjs/common';
import { AppError } from '../../../shared/http/app-error';
import { fromFrameworkAliases, withFrameworkAliases } from '../../../shared/http/framework-aliases';
import { AuthenticatedRequest, Public } from '../../../shared/http/auth.decorators';
import { requestToken } from '../auth/permission.guard';
import { RefreshSessionService } from '../auth/refresh-session.service';
import { RefreshTokenDto } from './dto/admin-login.dto';

@Controller('api/common')
export class CommonTokenController {
  constructor(private readonly refresher: RefreshSessionService) {}

  /** Accepts `refreshToken` (BuildAdmin) and `refresh_token` (our spec). */
  @Public()
  @Post('refreshToken')
  async refreshToken(@Body() body: RefreshTokenDto, @Req() request: AuthenticatedRequest) {
    const raw = fromFrameworkAliases(body).refreshToken;
    if (!raw) throw new AppError('accounts.login_expired');
    return withFrameworkAliases(await this.refresher.refresh(raw, { admin: requestToken(request, 'batoken'), user: requestToken(request, 'ba-user-token') }));
  }
}
