/** The demo context's public surface: its seeder (registered in src/bootstrap.ts). */
export { DemoModule } from './demo.module';
export { DemoSeeder, DEMO_MONTHS } from './demo.seeder';
export type { DemoReport } from './demo.seeder';
