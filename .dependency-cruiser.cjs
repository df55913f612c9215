/**
 * The layers, checked in `npm run lint` (type imports included): who may import whom, and no cycles anywhere.
 * See the README's layout table.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- dependency-cruiser reads this file as CommonJS
const { readdirSync } = require('node:fs');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above
const { join } = require('node:path');

/** Every folder of src/background but the two tables: a new domain is guarded from the day it is made. */
const TABLES = ['rpc', 'pages'];
const domains = readdirSync(join(__dirname, 'src/background'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !TABLES.includes(entry.name))
  .map((entry) => entry.name);
const BACKGROUND_DOMAINS = `^src/background/(${domains.join('|')})/`;

module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true } },
    { name: 'no-folder-cycles', comment: 'Nor between the folders of src/background: a domain that needs another domain\'s reaction leaves the joining to rpc/ or pages/.',
      severity: 'error', scope: 'folder', from: { path: '^src/background/[^/]+$' }, to: { circular: true } },
    { name: 'shared-is-the-bottom', comment: 'src/shared is pure code every layer may use; it imports nothing else of ours.', severity: 'error',
      from: { path: '^src/shared/' }, to: { path: '^(src/(background|ui|inpage|content)|paymaster|devnet|e2e)/' } },
    { name: 'page-scripts-import-only-shared', severity: 'error',
      from: { path: '^src/(inpage|content)/' }, to: { path: '^src/(background|ui)/|^(paymaster|devnet)/' } },
    { name: 'ui-never-imports-background', severity: 'error', from: { path: '^src/ui/' }, to: { path: '^src/background/' } },
    { name: 'background-never-imports-ui', severity: 'error', from: { path: '^src/background/' }, to: { path: '^src/ui/' } },
    { name: 'domains-below-the-tables', comment: 'Domains take what they use (Pick<…>); only rpc/, pages/ and the root see all services.', severity: 'error',
      from: { path: BACKGROUND_DOMAINS }, to: { path: '^src/background/(rpc|pages)/|^src/background/[^/]+\\.ts$' } },
    { name: 'the-later-script-behind-facades', comment: 'Callers import ordinary async functions from their domain: only the lazy*.ts facades, createServices.ts (which hands loadLater to the domains\' facades) and index.ts know that a second script exists.',
      severity: 'error', from: { path: '^src/background/', pathNot: '/lazy[A-Z][^/]*\\.ts$|^src/background/(createServices|index|laterChunk|loadLater)\\.ts$|\\.(test|fixture)\\.ts$' }, to: { path: '^src/background/loadLater\\.ts$' } },
    { name: 'storage-is-generic', severity: 'error', from: { path: '^src/background/storage/' }, to: { path: '^src/background/(?!storage/)' } },
    { name: 'rpc-does-not-import-pages', severity: 'error', from: { path: '^src/background/rpc/' }, to: { path: '^src/background/pages/' } },
    { name: 'paymaster-is-its-own-package', comment: 'The paymaster service shares only src/shared with the wallet; its tests may start a devnet.', severity: 'error',
      from: { path: '^paymaster/', pathNot: '\\.(test|fixture)\\.ts$|^paymaster/testing/' }, to: { path: '^(src/(background|ui|inpage|content)|devnet|e2e)/' } },
    { name: 'paymaster-tests-never-import-the-wallet', severity: 'error', from: { path: '^paymaster/' }, to: { path: '^src/(background|ui)/' } },
    { name: 'the-wallet-never-imports-tools', severity: 'error', from: { path: '^src/' }, to: { path: '^(paymaster|devnet|e2e|bench|scripts)/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|node_modules|contracts/build)/' },
  },
};
