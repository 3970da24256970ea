import { DefaultAvatarController } from './upload/http/default-avatar.controller';
import { ContentSecurityPolicyService } from './config/content-security-policy.service';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClickCaptchaService } from './captcha/click-captcha.service';
import { SiteConfigService } from './config/site-config.service';
import { ClickCaptchaController } from './captcha/http/click-captcha.controller';
import { CaptchaEntity } from './captcha/persistence/captcha.entity';
import { CaptchaRepository } from './captcha/persistence/captcha.repository';
import { ConfigEntity } from './config/persistence/config.entity';
import { ConfigRepository } from './config/persistence/config.repository';
import { RateGate } from './throttle/rate-gate.service';
import { AttemptBudget } from './throttle/attempt-budget.service';
import { AttemptBudgetEntity } from './throttle/persistence/attempt-budget.entity';
import { RateGateEntity } from './throttle/persistence/rate-gate.entity';
import { PlatformSeeder } from './seed/platform.seeder';
import { AttachmentController } from './upload/http/attachment.controller';
import { AdminUploadController, MemberUploadController, StorageController } from './upload/http/upload.controller';
import { AttachmentEntity } from './upload/persistence/attachment.entity';
import { AttachmentService } from './upload/attachment.service';
import { UploadFileInterceptor } from './upload/upload.interceptor';
import { UploadService } from './upload/upload.service';
import { CloudUploadService } from './upload/cloud/cloud-upload.service';
import { AdminCosController, MemberCosController } from './upload/http/cos.controller';
import { TerminalModule } from './terminal/terminal.module';
import { AjaxModule } from './ajax/ajax.module';
import { ModuleController, ModulePackageInterceptor } from './modules/http/module.controller';
import { ModuleManagementService } from './modules/module-management.service';
import { CrudGeneratorController } from './crud-generator/http/crud-generator.controller';
import { CrudGeneratorService } from './crud-generator/crud-generator.service';
import { CrudLogEntity } from './crud-generator/persistence/crud-log.entity';
import { ModulePackageEntity, ModuleStateEntity } from './modules/persistence/module.entities';
import { ModuleManifest, ModuleRegistry } from '../../shared/modules/module-registry';

/** This context as module management lists it. */
export const PLATFORM_MODULE: ModuleManifest = { name: 'platform', title: 'module.title.platform', version: '1.0.0', core: true, routes: [], menus: [], jobs: [] };

@Module({
  imports: [TypeOrmModule.forFeature([AttachmentEntity, CaptchaEntity, ConfigEntity, RateGateEntity, AttemptBudgetEntity, ModuleStateEntity, ModulePackageEntity, CrudLogEntity]), TerminalModule, AjaxModule],
  controllers: [ModuleController, CrudGeneratorController, DefaultAvatarController, AdminUploadController, MemberUploadController, AdminCosController, MemberCosController, StorageController, AttachmentController, ClickCaptchaController],
  providers: [ModuleManagementService, CrudGeneratorService, ModulePackageInterceptor, UploadService, CloudUploadService, UploadFileInterceptor, AttachmentService, CaptchaRepository, ConfigRepository, ClickCaptchaService, SiteConfigService, ContentSecurityPolicyService, PlatformSeeder, RateGate, AttemptBudget],
  exports: [ClickCaptchaService, SiteConfigService, ContentSecurityPolicyService, PlatformSeeder, TerminalModule, RateGate, AttemptBudget],
})
export class PlatformModule {
  constructor(modules: ModuleRegistry) {
    modules.declare(PLATFORM_MODULE);
  }
}
