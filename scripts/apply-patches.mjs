// npm's postinstall: applies patches/ (patch-package) to the development packages they fix (firebase-server,
// the local live channel). A production install (npm ci --omit=dev) has neither those packages nor
// patch-package, and needs no patch: it says so and succeeds. Plain JavaScript: it runs before tsx exists.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('node_modules/firebase-server') || !existsSync('node_modules/.bin/patch-package')) {
  console.info('patches: development packages not installed (production install), nothing to patch');
  process.exit(0);
}
const result = spawnSync('node_modules/.bin/patch-package', ['--error-on-fail'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
