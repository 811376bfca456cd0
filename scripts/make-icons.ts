// Renders the app icons (PNG) from public/favicon.svg with headless Chromium, so the installed
// app shows the same mark as the tab. Run after changing the favicon: `npx tsx scripts/make-icons.ts`.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const THEME = '#1864ab';

interface Icon {
  file: string;
  size: number;
  /** Maskable icons fill the square; the mark stays within the central 80% safe zone. */
  maskable: boolean;
}

const icons: Icon[] = [
  { file: 'public/pwa-192x192.png', size: 192, maskable: false },
  { file: 'public/pwa-512x512.png', size: 512, maskable: false },
  { file: 'public/maskable-icon-512x512.png', size: 512, maskable: true },
  { file: 'public/apple-touch-icon-180x180.png', size: 180, maskable: true },
];

function page(svg: string, icon: Icon): string {
  const mark = icon.maskable
    ? `<div style="width:100%;height:100%;background:${THEME};display:grid;place-items:center">
         <div style="width:62%;height:62%">${svg.replace('rx="14"', 'rx="0"')}</div></div>`
    : svg;
  return `<!doctype html><html><head><style>
    html,body{margin:0;width:${icon.size}px;height:${icon.size}px;background:transparent;overflow:hidden}
    svg{display:block;width:100%;height:100%}</style></head><body>${mark}</body></html>`;
}

const svg = await readFile('public/favicon.svg', 'utf8');
// Debian's Chromium where Playwright cannot download its own (see TOOLCHAIN.md), else Playwright's.
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((candidate) => candidate && existsSync(candidate));
const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox'] });
try {
  for (const icon of icons) {
    const tab = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await tab.setContent(page(svg, icon));
    await tab.screenshot({ path: icon.file, omitBackground: !icon.maskable });
    await tab.close();
    console.info(`wrote ${icon.file}`);
  }
} finally {
  await browser.close();
}
