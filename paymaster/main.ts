/**
 * `npm run paymaster -- --rpc-url … --signer-key … --paymaster … --policy …|--apps …`: the service alone, until
 * SIGINT/SIGTERM, when it finishes the requests in flight and exits (README.md "Running it for real").
 * `npm run paymaster -- new-key`: prints a new API key and the hash that goes into the apps file.
 */
import { newApiKey } from './apps';
import { configFromCommandLine } from './config';
import { startPaymasterService } from './server';

if (process.argv[2] === 'new-key') {
  const { key, keySha256 } = newApiKey();
  console.log(`API key (give it to the app; the service keeps only its hash): ${key}\nkeySha256 (for the apps file): ${keySha256}`);
  process.exit(0);
}

let config;
try {
  config = configFromCommandLine(process.argv.slice(2), process.env);
} catch (error) {
  console.error(`${(error as Error).message}\nSee paymaster/README.md, "Running it for real".`);
  process.exit(2);
}
const service = await startPaymasterService(config).catch((error: Error) => {
  console.error(`Cannot start the paymaster service: ${error.message}`);
  process.exit(1);
});
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  service.stop().then(() => process.exit(0), (error: Error) => {
    console.error(`Stopping the paymaster service: ${error.message}`);
    process.exit(1);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
