import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { prepareDatabase } from './bootstrap';

async function main(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { bodyParser: true, logger: ['error', 'warn', 'log'] });
  configureApp(app);
  await prepareDatabase(app, { migrateOnly: process.argv.includes('--migrate-only') });
  if (process.argv.includes('--migrate-only')) {
    await app.close();
    return;
  }
  const port = Number(process.env.PORT || 8000);
  await app.listen(port);
  console.log(`WMS listening on http://127.0.0.1:${port}/ (admin: http://127.0.0.1:${port}/#/admin)`);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
