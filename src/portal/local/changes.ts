/**
 * Tells whoever listens (the sync engine) that a local change was queued, so it can send it soon.
 * A plain listener list: local/ cannot import sync/.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onLocalChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyLocalChange(): void {
  for (const listener of listeners) listener();
}
