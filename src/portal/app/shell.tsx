import { createContext, startTransition, useCallback, useContext, useEffect, useState } from 'react';
import { LoginScreen } from '../session/LoginScreen';
import { ScreenLinkContext, type RenderScreenLink, type ScreenLinkProps } from '../session/screen-link';
import { useSession } from '../session/session-context';
import { readStoredToken } from '../session/token-storage';
import { FullScreenLoader } from '../ui/FullScreenLoader';
import { afterFirstPaint } from '../ui/use-after-first-paint';
import { loadRouter, opensOnLoginShell, type RouterModule } from './first-screen';
import { loadLocaleDataAside } from './locale-data';
import { documentTitle } from './route-title';
import { loadScreenLibraries } from './screen-libraries';
import { LOGIN_TITLE, preloadScreenAt, startingTitleAt } from './screen-table';
import { whenUserActs } from './when-user-acts';

// The sign-in screen without React Router (its 27 kB gzip were a fifth of /login's JavaScript). The
// shell draws it and hands over to the router's chunk (router.tsx) for anything else: the Forgot Password link, a
// successful sign-in. That chunk loads from the user's first touch, key or focus on the page, so the hand-over is
// usually immediate. The router then draws the same screens by the same routes table: titles, guards (the
// redirect after sign-in to where the user was going), the session's spinner are all its own, as before.

/** What the shell asks of the router when it hands over: the address of a followed link, if that is why. */
/** The portal's screens could not be loaded (the router's chunk): shown over Retry. */
const SCREENS_NOT_LOADED = 'The portal could not be loaded. Check your connection and try again.';

interface HandOver {
  to?: string;
}

/** How the shell's links hand over to the router (Screens provides it). */
const ShellNavigation = createContext<(to: string) => void>(() => {});

/**
 * The shell's link: a real <a href>. A plain click (the keyboard's Enter too) hands over to the router, which
 * follows it in the page; what React Router's own Link leaves to the browser (a middle click, a modifier for a new
 * tab or window, another target) is left to the browser here too.
 */
function ShellLink({ to, onClick, ...anchor }: ScreenLinkProps) {
  const navigate = useContext(ShellNavigation);
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        const ownTarget = !anchor.target || anchor.target === '_self';
        const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
        if (event.defaultPrevented || event.button !== 0 || !ownTarget || modified) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}

const renderShellLink: RenderScreenLink = (props) => <ShellLink {...props} />;

/** The sign-in screen as the shell draws it, until the session has a token (then the router takes over). */
function LoginShell({ onHandOver }: { onHandOver: (handOver: HandOver) => void }) {
  const { token } = useSession();

  useEffect(() => {
    document.title = documentTitle(LOGIN_TITLE);
  }, []);

  // The router's chunk, ready before the user needs it: from their first touch, key or focus on the page. The form
  // needs none of it, so a page nobody acts on loads no more than the form.
  useEffect(() => whenUserActs(() => void loadRouter().catch(() => undefined)), []);

  // Signed in: the router's guards send the user on (PublicOnly), behind the session's spinner (RootLayout).
  useEffect(() => {
    if (token) onHandOver({});
  }, [token, onHandOver]);

  if (token) return <FullScreenLoader title={LOGIN_TITLE} />;
  return (
    <ScreenLinkContext.Provider value={renderShellLink}>
      <LoginScreen />
    </ScreenLinkContext.Provider>
  );
}

/**
 * The screens: the sign-in shell when the page opens on it, else (and once the shell hands over) the router,
 * behind a spinner while its chunk loads. The shell stays on the screen until the router's chunk is there.
 */
export function Screens() {
  const [startsOnShell] = useState(() => opensOnLoginShell(window.location, readStoredToken()));
  const [handOver, setHandOver] = useState<HandOver | null>(startsOnShell ? null : {});
  const [router, setRouter] = useState<RouterModule | null>(null);
  // The router's chunk could not be loaded (the network dropped, no worker's cache yet): asked again on Retry.
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!handOver) return;
    let cancelled = false;
    const load = () =>
      loadRouter().then(
        (module) => {
          // A transition: the router's first screen renders in slices, not in one long task.
          if (!cancelled) startTransition(() => setRouter(() => module));
        },
        (error: unknown) => {
          if (cancelled) return;
          console.error('Could not load the screens', error);
          // A link still goes where it says, by loading the page.
          if (handOver.to !== undefined) window.location.assign(handOver.to);
          else setLoadFailed(true);
        },
      );
    if (startsOnShell) {
      void load();
      loadLocaleDataAside();
      return () => {
        cancelled = true;
      };
    }
    // Opening on another screen: nothing is asked for until the screen's title (rendered at once below) has been
    // painted. The downloads do not hold the paint up on a phone; but Lighthouse's model counts every download that
    // ended before it as one the paint waited for, which put List Quiz's largest paint (that title) after the ~300 kB
    // of its screens' code. Then, online, the screens' libraries are evaluated in turn
    // (screen-libraries.ts), and the router's chunk and the screen's own code are asked for together (rather than
    // the screen's once the router has been made).
    const cancelWait = afterFirstPaint(() => {
      loadLocaleDataAside();
      void loadScreenLibraries().then(() => {
        if (cancelled) return;
        preloadScreenAt(window.location.pathname);
        void load();
      });
    });
    return () => {
      cancelled = true;
      cancelWait();
    };
  }, [handOver, attempt, startsOnShell]);

  // The first reason to hand over wins: a link followed while the session signs in still goes where it says.
  const handOverOnce = useCallback((next: HandOver) => setHandOver((current) => current ?? next), []);
  const navigate = useCallback((to: string) => handOverOnce({ to }), [handOverOnce]);
  const retry = useCallback(() => {
    setLoadFailed(false);
    setAttempt((count) => count + 1);
  }, []);

  if (router && handOver) return <router.RouterScreens navigateTo={handOver.to} />;
  const title = startingTitleAt(window.location.pathname);
  if (loadFailed) return <FullScreenLoader title={title} failure={{ message: SCREENS_NOT_LOADED, onRetry: retry }} />;
  if (startsOnShell)
    return (
      <ShellNavigation.Provider value={navigate}>
        <LoginShell onHandOver={handOverOnce} />
      </ShellNavigation.Provider>
    );
  // The title of the screen the address opens is known before the router is (screen-table.ts): painted at once.
  return <FullScreenLoader title={title} />;
}
