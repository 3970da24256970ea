import { Global, Inject, Injectable, Module, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TransactionRunner } from '../database/transaction-runner';
import { DataChanges } from './data-changes';

/**
 * What the generic lists need from the site, supplied by whichever context owns it (platform: site config,
 * accounts: admin rules) as a global provider under CRUD_ENVIRONMENT. Without one: Asia/Shanghai and no remark.
 */
export interface CrudEnvironment {
  /** The site time zone (config `time_zone`), used for `render: datetime` searches. */
  timeZone(): string | Promise<string>;
  /** The translated remark of the admin rule of a controller path (`wms/brand`), shown above its list. */
  remark(controllerPath: string): string | Promise<string>;
}

export const CRUD_ENVIRONMENT = Symbol('CRUD_ENVIRONMENT');

/** The shared dependencies of every CrudService, injected as one so a resource's service needs one argument. */
@Injectable()
export class CrudKit {
  constructor(
    readonly dataSource: DataSource,
    readonly transactions: TransactionRunner,
    @Optional() @Inject(CRUD_ENVIRONMENT) readonly environment: CrudEnvironment | null = null,
    /** Where deletes and edits are reported (recycle bin, sensitive-data log); a bare one records nothing. */
    @Optional() readonly changes: DataChanges = new DataChanges(),
  ) {}
}

/** Import once (AppModule): makes CrudKit available to every controller built on the CRUD base. */
@Global()
@Module({ providers: [CrudKit, DataChanges], exports: [CrudKit, DataChanges] })
export class CrudModule {}
