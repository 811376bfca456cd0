import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

// Compiles the API server to JavaScript in dist-server/ (`npm run build`), so production runs plain Node
// without tsx: main.js (`npm run serve`), migrate.js, seed.js and create-client.js. Dependencies stay
// imports of node_modules; shared code goes to chunks/. live-channel-process.js is the embedded live channel's
// process; firebase-server (a development dependency) is imported only by a chunk it loads when it starts.

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist-server');

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: [
    'server/main.ts',
    'server/cli/migrate.ts',
    'server/cli/seed.ts',
    'server/cli/create-client.ts',
    // The embedded live channel's own process (server/live/embedded-live-channel.ts forks it).
    'server/live/live-channel-process.ts',
  ],
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.info(`API server compiled to ${path.relative(root, outdir)}/`);
