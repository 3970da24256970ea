import { main } from '../bench/directed';

/** `npm run bench:directed`: what directed outbound work costs lives in bench/directed.ts; this entry lets scripts/start.js build and run it. */
if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
