import type { LaunchOptions } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/support/browser';

/**
 * Chromium as an installed app's window runs it: without the address bar's popup. Chromium's headless tab has an
 * address bar, whose popup UI runs in a renderer of its own on every new tab and keeps a core about as busy as the
 * page (traced with tools/long-tasks.ts OFFLINE=1); an installed app's window has none, so the figure is the app's.
 */
export function installedAppLaunchOptions(): LaunchOptions {
  const launch = chromiumLaunchOptions();
  return {
    ...launch,
    args: [...(launch.args ?? []), '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup'],
  };
}
