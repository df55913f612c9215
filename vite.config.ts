/** The wallet's own pages (popup, approval window). scripts/build.ts also builds the three scripts and the manifests. */
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: resolve(import.meta.dirname, 'src/ui'),
  base: './',
  publicDir: resolve(import.meta.dirname, 'public'),
  plugins: [react()],
  // The production build's pages by default; scripts/build.ts builds the devnet build's with it true (the Ledger emulator's seam).
  define: { __DEVNET_BUILD__: 'false' },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/.pages'),
    emptyOutDir: true,
    target: 'es2022',
    // Every browser the wallet supports preloads modules itself (Chrome 66, Firefox 115): vite's polyfill for older ones
    // was 0.6 KB of both pages' first paint (issue 47's 10%, scripts/bundle.test.ts).
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        popup: resolve(import.meta.dirname, 'src/ui/popup.html'),
        approval: resolve(import.meta.dirname, 'src/ui/approval.html'),
      },
      // React in a chunk of its own, which the approval window loads after its first paint (approval/firstPaint.ts).
      output: { manualChunks: (id) => (/node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined) },
    },
  },
});
