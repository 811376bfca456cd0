/**
 * Resolves in a task of its own: what follows the await does not lengthen the task that is running, so a
 * phone's main thread gets to paint and answer input in between (total blocking time).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
