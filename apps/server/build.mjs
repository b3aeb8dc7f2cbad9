// Bundles the server into dist/server.js (dependencies stay external) and copies the SQL migrations beside it.
import { cpSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  // @rally/shared is TypeScript source inside the workspace: bundle it rather than import it at run time.
  external: [],
  alias: { '@rally/shared': '../../packages/shared/src/index.ts' },
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
