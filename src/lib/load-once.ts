/**
 * `load` (a chunk's `import()`, say) run once, whoever asks first, its promise shared by every later ask. A failed
 * load (offline without the worker's cache, a deploy that removed the chunk) is forgotten, so that the next ask
 * tries again rather than failing for the page's whole life.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
