import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClickCaptchaService } from './captcha/click-captcha.service';
import { SiteConfigService } from './config/site-config.service';
import { ClickCaptchaController } from './http/click-captcha.controller';
import { CaptchaEntity } from './persistence/captcha.entity';
import { CaptchaRepository } from './persistence/captcha.repository';
import { ConfigEntity } from './persistence/config.entity';
import { ConfigRepository } from './persistence/config.repository';
import { PlatformSeeder } from './seed/platform.seeder';

@Module({
  imports: [TypeOrmModule.forFeature([CaptchaEntity, ConfigEntity])],
  controllers: [ClickCaptchaController],
  providers: [CaptchaRepository, ConfigRepository, ClickCaptchaService, SiteConfigService, PlatformSeeder],
  exports: [ClickCaptchaService, SiteConfigService, PlatformSeeder],
})
export class PlatformModule {}
