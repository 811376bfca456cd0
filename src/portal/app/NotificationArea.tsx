import { lazy, Suspense, useSyncExternalStore } from 'react';
import { hasShownNotice, noticesHeld, subscribeNoticeShown } from '../ui/notice-signal';

// Mantine's notification area (its transitions and scroll lock, about 14 kB gzip) is loaded with the first
// notification, not with /login (/login's JavaScript budget, docs/decisions.md "Performance budgets"). The notification waits in Mantine's store, which the area
// reads when it mounts; once mounted it stays, so closing notifications play their exit transition. Its styles
// come with it (screen-styles.css): the sign-in screens' first stylesheet has none of them.
const Notifications = lazy(() =>
  Promise.all([import('@mantine/notifications'), import('./screen-styles.css')]).then(([module]) => ({ default: module.Notifications })),
);

export function NotificationArea() {
  const needed = useSyncExternalStore(subscribeNoticeShown, hasShownNotice);
  // The stage holds it: no portal notice over a projected question.
  const held = useSyncExternalStore(subscribeNoticeShown, noticesHeld);
  if (!needed || held) return null;
  return (
    <Suspense fallback={null}>
      {/* Hovering one notice keeps it open without holding back the others (Mantine's default pauses all). */}
      <Notifications pauseResetOnHover="notification" />
    </Suspense>
  );
}
