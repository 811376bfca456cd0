/**
 * Where the API is. The base comes from VITE_API_BASE at build time and defaults to the portal's own origin (the
 * API server serves both).
 */
// `?.`: outside Vite (the offline benchmark runs the sync engine in plain Node) import.meta.env is absent.
export const API_BASE: string = (import.meta.env?.VITE_API_BASE as string | undefined) || '/';

/** The API base as an absolute URL ending in a slash; the paths of requests are relative to it. */
export function apiBaseUrl(): string {
  const base = API_BASE.endsWith('/') ? API_BASE : `${API_BASE}/`;
  return new URL(base, globalThis.location?.href ?? 'http://localhost/').href;
}
