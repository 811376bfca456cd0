import { createContext, useContext, type ComponentPropsWithRef, type ReactNode } from 'react';

// How a sign-in screen links to another screen, without importing React Router: /login is drawn first by a shell
// without the router (src/portal/app/shell.tsx), later by the router itself, and each provides its own link. Outside
// both (a test, say) the link is a plain one, which the browser follows by loading the page.

export type ScreenLinkProps = ComponentPropsWithRef<'a'> & { to: string };

function PlainLink({ to, ...anchor }: ScreenLinkProps) {
  return <a {...anchor} href={to} />;
}

/** Draws a link: a function rather than a component taken from the context, which React would remount. */
export type RenderScreenLink = (props: ScreenLinkProps) => ReactNode;

export const ScreenLinkContext = createContext<RenderScreenLink>((props) => <PlainLink {...props} />);

/** A link to one of the portal's screens (a real <a href>), followed the way the page's screens are drawn. */
export function ScreenLink(props: ScreenLinkProps) {
  return useContext(ScreenLinkContext)(props);
}
