import { useId as useReactId } from 'react';

/**
 * Stands in for @mantine/hooks' useId in the portal's build (vite.config.ts, mantineIdsWithoutRemount).
 * Mantine's version renders with React's id, then sets a random one in a layout effect: every component with
 * an id (inputs, AppShell, Modal, Popover) renders twice on mounting, the second time synchronously, with all
 * it contains. Mounting the portal's layout re-rendered the whole layout and screen in one long task, and each
 * row's status select its own (total blocking time). The portal is one React root, so React's id is
 * already unique on the page; the characters that are not safe in a CSS selector are left out, as Mantine does.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
