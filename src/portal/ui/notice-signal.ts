// Whether the portal has shown a notification yet, without importing Mantine's notifications: the app
// loads the notification area on the first one (/login stays light), and ui/notify says when.
// Screens that are not the portal's (the stage on a projector) hold the notification area while they show:
// notices wait in Mantine's store and show once the portal is back.

let shown = false;
let holds = 0;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function markNoticeShown(): void {
  if (shown) return;
  shown = true;
  changed();
}

export function hasShownNotice(): boolean {
  return shown;
}

/** Hides the notification area until the returned release is called (each hold released once). */
export function holdNotices(): () => void {
  holds += 1;
  changed();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    changed();
  };
}

export function noticesHeld(): boolean {
  return holds > 0;
}

export function subscribeNoticeShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
