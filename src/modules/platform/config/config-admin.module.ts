import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConfigController } from './http/config.controller';
import { ConfigSecretFieldsMiddleware } from './http/config-secret-fields.middleware';
import { MessagingModule } from '../messaging/messaging.module';
import { ConfigEntity } from './persistence/config.entity';
import { ConfigRepository } from './persistence/config.repository';
import { ConfigAdminService } from './config-admin.service';

/**
 * The back office's site settings (`routine.Config`). Its own module because the test mail needs the
 * mailer, and the messaging module itself depends on PlatformModule.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ConfigEntity]), MessagingModule],
  controllers: [ConfigController],
  providers: [ConfigRepository, ConfigAdminService, ConfigSecretFieldsMiddleware],
})
export class ConfigAdminModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ConfigSecretFieldsMiddleware).forRoutes({ path: 'admin/routine.Config/*path', method: RequestMethod.POST });
  }
}
