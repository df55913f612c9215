/** `npm run paymaster -- --rpc-url … --signer-key … --paymaster … --policy …`: the service alone, until Ctrl-C (README.md). */
import { configFromCommandLine } from './config';
import { startPaymasterService } from './server';

let config;
try {
  config = configFromCommandLine(process.argv.slice(2), process.env);
} catch (error) {
  console.error(`${(error as Error).message}\nSee paymaster/README.md, "Running it".`);
  process.exit(2);
}
const service = await startPaymasterService(config);
console.log(`Paymaster service at ${service.url} (paymaster ${config.paymaster}, node ${config.rpcUrl})`);
const stop = () => void service.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
