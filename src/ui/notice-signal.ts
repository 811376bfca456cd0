// Whether the portal has shown a notification yet, without importing Mantine's notifications: the app
// loads the notification area on the first one (/login stays light), and ui/notify says when.

let shown = false;
const listeners = new Set<() => void>();

export function markNoticeShown(): void {
  if (shown) return;
  shown = true;
  for (const listener of listeners) listener();
}

export function hasShownNotice(): boolean {
  return shown;
}

export function subscribeNoticeShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
