import { maintenanceContext } from '../../scripts/app-context';
import { WebhookWorker } from '../../src/modules/integration';

/**
 * A maintenance script's application (seed:large, projections:rebuild, ledger:verify) runs no webhook
 * delivery loop, whatever WEBHOOK_WORKER says: seed:large's loop queried the outbox of a database it had not
 * migrated yet, and a rebuild's would deliver beside the server's.
 */
describe('the application of a maintenance script', () => {
  it('does not start the webhook worker even when WEBHOOK_WORKER=1', async () => {
    const before = process.env.WEBHOOK_WORKER;
    process.env.WEBHOOK_WORKER = '1';
    const app = await maintenanceContext();
    try {
      expect((app.get(WebhookWorker) as unknown as { looping: boolean }).looping).toBe(false);
    } finally {
      await app.close();
      process.env.WEBHOOK_WORKER = before;
    }
  });
});
