import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const contract = fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url));
// The console takes values only from the zod-free rules entry; '@aos/contract' is for types.
const rules = fileURLToPath(new URL('../../packages/contract/src/rules.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@aos\/contract\/rules$/, replacement: rules },
      { find: /^@aos\/contract$/, replacement: contract },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/config.js': 'http://localhost:8080',
      '/files': 'http://localhost:8080',
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // A folder's strings are named after it (strings-pages-system-post.en-US-<hash>.js), not all `locale.*`.
        chunkFileNames: (chunk) => {
          const strings = /\/src\/(.+)\/locale\.([\w-]+)\.ts$/.exec(chunk.facadeModuleId ?? '');
          return strings
            ? `assets/strings-${strings[1]!.replaceAll('/', '-')}.${strings[2]}-[hash].js`
            : 'assets/[name]-[hash].js';
        },
        // Framework code that every screen needs in one cacheable chunk; screens split per route.
        manualChunks: (id) => {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
});
