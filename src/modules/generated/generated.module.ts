import { Injectable, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { LIST_BUTTONS, seedMenuRules, seedRule } from '../../../migrations/menu-rules';
import { Seeder } from '../../shared/database/seeder';
import { ModuleManifest, ModuleRegistry } from '../../shared/modules/module-registry';
import { GENERATED_AREAS } from './generated-index';

/**
 * What a fresh database gets for the generated pages (a database seeded before them gets their menu rules
 * from each generation's migration): the folder "Generated pages" and each page with its list buttons.
 */
@Injectable()
export class GeneratedSeeder implements Seeder {
  readonly name = 'generated';

  async seed(manager: EntityManager): Promise<void> {
    if (!GENERATED_AREAS.length) return;
    const now = Math.floor(Date.now() / 1000);
    const folder = await seedRule(manager, { pid: 0, type: 'menu_dir', name: 'generated', title: '生成的页面', title_en: 'Generated pages', icon: 'IconCode', weigh: 0 }, now);
    const pages = GENERATED_AREAS.map((area) => ({ ...area.page, icon: 'IconFile', buttons: ['index', 'add', 'edit', 'del'], weigh: 0 }));
    await seedMenuRules(manager, folder, pages, LIST_BUTTONS, { now });
  }
}

/** The pages the CRUD generator wrote, as a module: core (what a developer generated is part of the build). */
const GENERATED_MODULE: ModuleManifest = { name: 'generated', title: 'module.title.generated', version: '1.0.0', core: true, routes: [], menus: [], jobs: [] };

/** The tables the CRUD generator wrote (src/modules/generated/generated-index.ts): their entities and controllers. */
@Module({
  imports: [TypeOrmModule.forFeature(GENERATED_AREAS.map((area) => area.entity))],
  controllers: GENERATED_AREAS.map((area) => area.controller),
  providers: [GeneratedSeeder],
  exports: [GeneratedSeeder],
})
export class GeneratedModule {
  constructor(modules: ModuleRegistry) {
    modules.declare(GENERATED_MODULE);
  }
}
