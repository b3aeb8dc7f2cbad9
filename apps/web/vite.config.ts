import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import rootPackage from '../../package.json' with { type: 'json' };

const API_TARGET = 'http://localhost:3000';
const proxied = ['/api', '/p', '/dev', '/metrics'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The built-in version is compared with GET /api/version to offer "Update Ready".
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version) },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than app code, so they get their own long-cached chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            {
              name: 'ui',
              test: /node_modules[\\/](@headlessui|@floating-ui|@react-aria|react-aria|lucide-react)/,
            },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
});
