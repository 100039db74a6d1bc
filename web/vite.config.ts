import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The contract is consumed from source, as in vitest.config.ts: no build step before the console's.
    alias: {
      '@console/contract': fileURLToPath(new URL('../packages/contract/src/index.ts', import.meta.url)),
    },
  },
  build: { outDir: 'dist' },
  server: {
    // `npm run dev` talks to a server started separately on its default port.
    proxy: { '/api': 'http://localhost:8080' },
  },
});
