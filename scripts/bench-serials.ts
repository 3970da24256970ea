import { main } from '../bench/serials';

/** `npm run bench:serials`: the inbound audit with 10,000 serials lives in bench/serials.ts; this entry lets scripts/start.js build and run it. */
if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
