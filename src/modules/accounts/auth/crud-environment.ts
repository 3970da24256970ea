import { Global, Injectable, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { InjectRepository } from '@nestjs/typeorm';
import { CacheRegistry } from '../../../shared/cache/cache-registry';
import { SiteVersion, VersionedCache } from '../../../shared/cache/site-version';
import { CRUD_ENVIRONMENT, CrudEnvironment } from '../../../shared/crud';
import { PlatformModule, SiteConfigService } from '../../platform';
import { AdminRuleEntity } from '../persistence/admin-rule.entity';

/** What every generic list needs from the site: its time zone (platform) and its menu's remark (accounts). */
@Injectable()
export class AccountsCrudEnvironment implements CrudEnvironment {
  /** Remarks by controller path, while the site version stays (a rule's edit raises it). */
  private readonly remarks: VersionedCache<string, string>;

  constructor(
    private readonly siteConfig: SiteConfigService,
    @InjectRepository(AdminRuleEntity) private readonly rules: Repository<AdminRuleEntity>,
    siteVersion: SiteVersion,
    caches: CacheRegistry,
  ) {
    this.remarks = new VersionedCache(siteVersion, caches, 'rules');
  }

  timeZone(): Promise<string> {
    return this.siteConfig.timeZone();
  }

  remark(controllerPath: string): Promise<string> {
    return this.remarks.get(controllerPath, () => this.readRemark(controllerPath));
  }

  private async readRemark(controllerPath: string): Promise<string> {
    const rule = await this.rules
      .createQueryBuilder('r')
      .select(['r.remark'])
      .where('LOWER(r.name) IN (:...names)', { names: [controllerPath, `${controllerPath}/index`] })
      .andWhere("r.remark <> ''")
      .getOne();
    return rule?.remark ?? '';
  }
}

@Global()
@Module({
  imports: [PlatformModule, TypeOrmModule.forFeature([AdminRuleEntity])],
  providers: [AccountsCrudEnvironment, { provide: CRUD_ENVIRONMENT, useExisting: AccountsCrudEnvironment }],
  exports: [CRUD_ENVIRONMENT],
})
export class CrudEnvironmentModule {}
