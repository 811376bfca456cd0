import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

// Playwright cannot download its own browsers on this machine; Debian's Chromium is used instead.
// CHROMIUM_PATH overrides; with neither, Playwright's own browser is used (an ordinary laptop).
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

export function chromiumLaunchOptions(): LaunchOptions {
  const executablePath = chromiumPath();
  return {
    ...(executablePath ? { executablePath } : {}),
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-dev-shm-usage',
    ],
  };
}
