import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { AccountsModule } from './modules/accounts';
import { CmsModule } from './modules/cms';
import { DemoModule } from './modules/demo';
import { GeneratedModule } from './modules/generated';
import { IntegrationModule } from './modules/integration';
import { InventoryModule } from './modules/inventory';
import { MasterDataModule } from './modules/master-data';
import { OrdersModule } from './modules/orders';
import { OauthModule } from './modules/oauth';
import { RobotsModule } from './modules/robots';
import { SecurityModule } from './modules/security';
import { ConfigAdminModule, PlatformModule } from './modules/platform';
import { CacheModule } from './shared/cache/cache-registry';
import { SiteVersionModule } from './shared/cache/site-version';
import { CrudModule } from './shared/crud';
import { DatabaseModule } from './shared/database/database.module';
import { DocumentsModule } from './shared/documents/document-renderer';
import { ConnectionDrain } from './shared/http/connection-drain';
import { EnvelopeInterceptor } from './shared/http/envelope.interceptor';
import { EnvelopeExceptionFilter } from './shared/http/exception.filter';
import { i18nModule } from './shared/http/i18n';
import { createValidationPipe } from './shared/http/validation';
import { TransitionsModule } from './shared/transitions';
import { OutboxModule } from './shared/outbox';
import { ModulesModule } from './shared/modules/module-registry';

@Module({
  imports: [
    i18nModule,
    DatabaseModule,
    // in-process signals (a cache's clear); domain events after a commit go on the cqrs EventBus below
    EventEmitterModule.forRoot(),
    CacheModule,
    SiteVersionModule,
    // which modules there are and which are on: routes, menus and jobs of a disabled one go away
    ModulesModule,
    CrudModule,
    DocumentsModule,
    // commands, and the events published after a transition's commit (TransitionRunner)
    CqrsModule.forRoot(),
    TransitionsModule,
    OutboxModule,
    PlatformModule,
    ConfigAdminModule,
    AccountsModule,
    MasterDataModule,
    InventoryModule,
    OrdersModule,
    CmsModule,
    SecurityModule,
    IntegrationModule,
    // optional modules: each one's routes, listeners and jobs live in it alone
    OauthModule,
    RobotsModule,
    GeneratedModule,
    DemoModule,
  ],
  providers: [
    { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    { provide: APP_PIPE, useFactory: createValidationPipe },
    // stopping closes the connections browsers keep open instead of waiting for them
    ConnectionDrain,
  ],
})
export class AppModule {}
