/** What a route declares in its `handle`: the document title of its screen. */
export interface RouteHandle {
  title: string;
}

export const APP_NAME = 'Quiz Portal';

export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The title a list of matched routes' handles gives their screen: the deepest handle that has one. */
export function screenTitleOf(handles: readonly unknown[]): string | undefined {
  return handles.filter(isRouteHandle).at(-1)?.title;
}
