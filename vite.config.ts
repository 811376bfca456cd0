import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { build as viteBuild } from 'vite';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The API server listens here during `npm run dev`; the portal proxies /api to it so that
// the app always talks to its own origin, as it does in production.
const apiTarget = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

/**
 * Writes a .br and a .gz next to every text file of the build, which the server sends to browsers that
 * accept them (@fastify/static preCompressed): the portal's JavaScript travels at about a third of its size,
 * compressed once at build time at the best level rather than on every request.
 */
function precompress(): Plugin {
  return {
    name: 'quiz-portal:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const texts = Object.keys(bundle).filter((fileName) => /\.(js|css|html|svg|json|webmanifest)$/.test(fileName));
      // In parallel on libuv's threads: brotli at its best level is slow on one core.
      await Promise.all(
        texts.map(async (fileName) => {
          const file = path.join(outDir, fileName);
          const content = await readFile(file);
          if (content.length < 1024) return;
          await writeFile(`${file}.br`, await promisify(brotliCompress)(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(`${file}.gz`, await promisify(gzip)(content, { level: 9 }));
        }),
      );
    },
  };
}

/** V8's explicit compile hint (Chrome 136+): on a script's first line, every function in it is compiled eagerly. */
const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks the chunks a screen's start runs much of with V8's explicit compile hint, so that Chrome compiles them on a
 * background thread while they stream in, rather than one function at a time on the main thread at its first call
 * (that lazy compiling was much of a signed-in start's long tasks). Not the entry chunk: it holds the
 * sign-in form and every screen's start, much of which a given page never calls, and hinted it made /login slower.
 * Nor the chunks matched by `lazyUsed`, measured to do better compiled lazily: Firebase (the live channel uses a
 * small part of its database SDK), and the editors' and forms' libraries, loaded by the screens that need them.
 * The hint is added after minifying, with the source map shifted by the line.
 */
function eagerCompileHints(lazyUsed: RegExp): Plugin {
  return {
    name: 'quiz-portal:eager-compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own additions to the chunks (the preload map it puts at the top of a chunk).
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.isEntry || lazyUsed.test(chunk.name)) continue;
          chunk.code = `${EAGER_COMPILE_HINT}\n${chunk.code}`;
          // The source map is already its own asset by now: its mappings start one line later.
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          } else if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}

/**
 * Builds the portal with src/portal/app/mantine-use-id.ts in place of @mantine/hooks' useId (see there why). The build
 * fails if the swap did not happen (Mantine moved the file), rather than quietly shipping the remounts again.
 */
function mantineIdsWithoutRemount(): Plugin {
  const replacement = path.resolve(import.meta.dirname, 'src/portal/app/mantine-use-id.ts');
  let swapped = false;
  return {
    name: 'quiz-portal:mantine-ids-without-remount',
    enforce: 'pre',
    apply: 'build',
    buildStart() {
      swapped = false;
    },
    resolveId(source, importer) {
      if (source !== './use-id/use-id.mjs' || !importer || !/[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/.test(importer)) return null;
      swapped = true;
      return replacement;
    },
    buildEnd(error) {
      if (!error && !swapped)
        this.error('@mantine/hooks no longer imports useId from ./use-id/use-id.mjs: update mantineIdsWithoutRemount');
    },
  };
}

/**
 * Builds the portal on React Router's production files. Its package points every import at dist/development,
 * whose ENABLE_DEV_WARNINGS keeps the development warnings and the developer error screen in the build; the
 * production copy beside it differs only in that flag (/login's JavaScript). Dev and tests keep the
 * warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const production = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production');
  const files: Record<string, string> = { 'react-router': 'index.mjs', 'react-router/dom': 'dom-export.mjs' };
  return {
    name: 'quiz-portal:react-router-production',
    enforce: 'pre',
    apply: 'build',
    resolveId: {
      // Only these two imports reach the hook (it would otherwise run for each of the build's thousands).
      filter: { id: /^react-router(\/dom)?$/ },
      handler(source) {
        const file = files[source];
        return file ? path.join(production, file) : null;
      },
    },
  };
}

/**
 * Lets the build drop React Router's components the portal does not use. Its production file creates Link, NavLink,
 * Form, ScrollRestoration and unstable_HistoryRouter with unannotated `forwardRef` calls and sets their
 * `displayName` at the top level: both count as side effects, so NavLink and Form (with useSubmit, the form
 * encoding and view-transition code) stayed in /login's first bundle though no screen uses them.
 * The calls are marked pure and the names, which only React DevTools reads, left out. The build fails if the file
 * no longer has them (React Router changed its output): update this then.
 */
function reactRouterUnusedComponents(): Plugin {
  const displayName = /^\w+\.displayName = "[^"]*";$/gm;
  const forwardRef = /= React\d*\.forwardRef\(/g;
  return {
    name: 'quiz-portal:react-router-unused-components',
    enforce: 'pre',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/, code: 'forwardRef(' },
      handler(code, id) {
        let names = 0;
        let calls = 0;
        // Every line stays where it was (a removed name leaves its line empty), so the file's source map still
        // holds; only the forwardRef lines' columns move, by the annotation's length.
        const edited = code
          .replace(displayName, () => {
            names += 1;
            return '';
          })
          .replace(forwardRef, (call: string) => {
            calls += 1;
            return call.replace('= ', '= /* @__PURE__ */ ');
          });
        if (names === 0 || calls === 0) this.error(`${id}: no displayName or forwardRef found: update reactRouterUnusedComponents`);
        return { code: edited, map: null };
      },
    },
  };
}

/**
 * Fetches the portal's entry script at low priority. A module script never blocks the first paint (index.html's
 * spinner and the stylesheet come first), but Chromium fetches it at high priority, which Lighthouse's model
 * takes for render-blocking: its simulated first paint then waited for the whole first bundle. Vite
 * writes the entry's tag itself, dropping the attributes of index.html's, hence a plugin.
 */
function lowPriorityEntryScript(): Plugin {
  return {
    name: 'quiz-portal:low-priority-entry-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const tag = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        if (!tag.test(html)) throw new Error('index.html: the entry script tag was not found: update lowPriorityEntryScript');
        return html.replace(tag, '<script type="module" crossorigin fetchpriority="low" src="$1"></script>');
      },
    },
  };
}

const PLAY_ROOT = path.resolve(import.meta.dirname, 'play');

/**
 * Puts the player app's stylesheet (about 2 kB gzipped) into its index.html: a phone paints its first screen
 * without waiting for a render-blocking request. The file stays in the build for the worker's precache.
 */
function inlinePlayerStyles(): Plugin {
  return {
    name: 'quiz-portal:inline-player-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(/<link rel="stylesheet"[^>]*? href="([^"]+\.css)"[^>]*>/g, (link, href: string) => {
          const asset = context.bundle?.[href.replace(/^\/play\//, '')];
          return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : link;
        });
      },
    },
  };
}

/**
 * The player app (src/play, docs/decisions.md "Play"): its own HTML entry play/index.html, built by a second, separate Vite
 * build into dist/play/ with the base /play/, and its own service worker (sw/play/sw.ts) whose scope is /play/.
 * A separate build rather than a second input of this one: the portal's chunk groups below (its '$initial' shell,
 * its vendor groups) would otherwise gather the player's React with the portal's login screen, and a phone would
 * load portal code. Run after the portal's bundle is written, so every `vite build` (npm run build, the e2e and
 * deployment scripts, the Dockerfile) produces both. `npm run dev` serves /play/* from this same dev server.
 */
function playerApp(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  let outDir = path.resolve(import.meta.dirname, 'dist');
  return {
    name: 'quiz-portal:player-app',
    configResolved(config) {
      command = config.command;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      // Every /play/ address is the one page play/index.html, like the server's fallback in production.
      server.middlewares.use((request, _response, next) => {
        const url = request.url ?? '';
        if (/^\/play(\/[^.]*)?(\?.*)?$/.test(url) && request.headers.accept?.includes('text/html')) request.url = '/play/index.html';
        next();
      });
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (command !== 'build') return;
        await viteBuild({
          configFile: false,
          root: PLAY_ROOT,
          envDir: import.meta.dirname,
          base: '/play/',
          publicDir: false,
          logLevel: 'warn',
          plugins: [
            react(),
            inlinePlayerStyles(),
            precompress(),
            VitePWA({
              strategies: 'injectManifest',
              srcDir: path.resolve(import.meta.dirname, 'sw/play'),
              filename: 'sw.ts',
              registerType: 'autoUpdate',
              injectRegister: false,
              manifest: false,
              injectManifest: { rollupFormat: 'iife', globPatterns: ['**/*.{js,css,html,svg}'] },
              devOptions: { enabled: false },
            }),
          ],
          build: {
            // Inside the portal's own output folder (`vite build --outDir` included, as the benchmarks build).
            outDir: path.join(outDir, 'play'),
            emptyOutDir: true,
            sourcemap: true,
            target: 'es2022',
          },
        });
      },
    },
  };
}

/** The libraries only the editors and the CSV screens use (and the portal modules that wrap them). */
const EDITOR_LIBRARIES =
  /node_modules[\\/](@dnd-kit|@mantine[\\/](dates|dropzone)|dayjs|react-dropzone|file-selector|attr-accept|papaparse)[\\/]|[\\/]src[\\/](portal[\\/]ui[\\/]ImageInput|lib[\\/](question|attempts)-csv)\./;

/** Forms' and the stage's libraries: the form state, the number input, the join QR code. */
const FORM_LIBRARIES =
  /node_modules[\\/](@mantine[\\/]form|klona|react-number-format|qrcode|dijkstrajs|@mantine[\\/]core[\\/]esm[\\/]components[\\/]NumberInput)[\\/]/;

export default defineConfig({
  plugins: [
    mantineIdsWithoutRemount(),
    reactRouterProductionBuild(),
    reactRouterUnusedComponents(),
    lowPriorityEntryScript(),
    react(),
    eagerCompileHints(/^(editors-vendor|forms-vendor|index\.esm)/),
    precompress(),
    playerApp(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        // The manifest is a static file in public/ (manifest: false), so the plugin does not list
        // it or its icons itself: they are precached here, once, to stay installable offline.
        globPatterns: ['**/*.{js,css,html,svg,woff2,png,webmanifest}'],
        // The player app has its own worker and scope (playerApp above).
        globIgnores: ['play/**'],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    host: '127.0.0.1',
    port: Number(process.env.PORTAL_DEV_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/password/reset/': { target: apiTarget, changeOrigin: false },
      '/media': { target: apiTarget, changeOrigin: false },
      // The embedded live channel's websocket, which the API server takes on its own port (docs/live-channel.md).
      '/.ws': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
  build: {
    sourcemap: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Left alone, the route-level split leaves dozens of tiny shared chunks: on a phone each costs a request
        // (six at a time over HTTP/1.1). A few groups instead: what /login needs (one chunk: its JavaScript budget); the
        // libraries every private screen needs (Dexie and the rest, two chunks cached for all of them); the editors'
        // libraries (drag and drop, dates, dropzone, CSV) and the forms' (form state, number input, QR code), which
        // the lists do without; and the portal's own shared modules, with the account sync the session starts as
        // soon as the user is known, so that it costs no extra round trip. Firebase stays apart, loaded only by the
        // screens that subscribe to the live channel, and so does the service worker's registration, which /login
        // loads. So do the HTTP client and ky, which /login needs only once the form is sent, the router and the
        // API's schemas (each described below).
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 4 },
            // The HTTP client and ky: /login draws its form without them and loads them with its first request
            // (api/accounts.ts), a small chunk of their own rather than the screens' large vendor one.
            { name: 'http', test: /node_modules[\\/]ky[\\/]|[\\/]src[\\/]portal[\\/]api[\\/]client\./, priority: 3 },
            // The router: React Router and the modules only it uses (app/router.tsx and the routes table, the guards,
            // RootLayout). /login draws its form without it (app/shell.tsx) and loads it in an idle moment; any other
            // screen asks for it at once. Its own chunk, not the screens' large vendor one, so that the idle load stays small.
            {
              name: 'router',
              test: /node_modules[\\/](react-router|react-router-dom)[\\/]|[\\/]src[\\/]portal[\\/]app[\\/](router|routes|guards|RootLayout)\./,
              priority: 3,
            },
            // The API's schemas with zod: the stored token's user is decoded with them before any screen has
            // loaded (session/user-request.ts). Apart from the screens' chunks, which import React Router and
            // all of Mantine, so that the first request of a signed-in start waits for no more than this and 'http'.
            {
              name: 'contract',
              test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/](contract[\\/]|options-codec\.|quiz-rules\.|search-query\.)/,
              priority: 3,
            },
            // Dexie apart from the rest of the screens' libraries: a signed-in start evaluates the two in separate
            // tasks (app/screen-libraries.ts), each shorter than the one they made together.
            { name: 'dexie', test: /node_modules[\\/](dexie|dexie-react-hooks)[\\/]/, priority: 3 },
            // Only these modules, not what they import: the Mantine parts they build on stay in screens-vendor.
            { name: 'editors-vendor', test: EDITOR_LIBRARIES, priority: 3, includeDependenciesRecursively: false },
            // The forms' and the stage's libraries: the lists and the layout do without them, and
            // every byte of the screens' vendor chunk is compiled and evaluated before a list shows.
            { name: 'forms-vendor', test: FORM_LIBRARIES, priority: 3, includeDependenciesRecursively: false },
            // Mantine's notifications with what they need and the first bundle lacks: /login shows "Ready to work
            // offline" with them alone, not with the screens' libraries (ui/notice.ts).
            {
              name: 'notices',
              test: /node_modules[\\/](@mantine[\\/](notifications|store)|react-transition-group)[\\/]|[\\/]src[\\/]portal[\\/]ui[\\/]notice\./,
              priority: 3,
            },
            {
              name: 'screens-vendor',
              test: /node_modules[\\/](?!firebase|@firebase|workbox-window)|[\\/]src[\\/]portal[\\/]app[\\/]screens-vendor-chunk\./,
              priority: 2,
            },
            {
              name: 'screens-common',
              test: /[\\/]src[\\/](portal[\\/](ui|api|local|sync|session[\\/](account-sync|user-cache))|lib|live)[\\/.](?!pwa-registration)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // PostgreSQL runs: one migrated template database that each test server copies.
          globalSetup: ['server/test/pg-template.ts'],
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      {
        // Tests of the project's own tooling (the lint rules, the Node 22 scripts), in Node.
        extends: true,
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['tests/lint/**/*.test.ts', 'tests/tooling/**/*.test.ts'],
          testTimeout: 60000,
        },
      },
    ],
  },
});
