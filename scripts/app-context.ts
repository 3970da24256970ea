import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../src/app.module';

/**
 * The application without its HTTP side, for a maintenance script (seed, rebuild, verify, a bench's set-up).
 * Such a process does not deliver webhooks: the server's worker does, and a script's worker started on a
 * database the script had not migrated yet (seed:large on a new database) and would otherwise send what the
 * server is sending too.
 */
export function maintenanceContext(): Promise<INestApplicationContext> {
  process.env.WEBHOOK_WORKER = '0';
  return NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
}
