import { main } from '../bench/ab';

/** `npm run bench:ab`: two builds compared on the same data lives in bench/ab.ts; this entry lets scripts/start.js build and run it. */
if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
