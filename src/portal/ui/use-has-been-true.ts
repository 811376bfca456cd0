import { useState } from 'react';

/**
 * True from the first render where `condition` holds, and from then on. Mounts something only once it is
 * first needed and keeps it (a closed drawer or dialog still plays its closing transition), so that nothing
 * of it is built on every start-up.
 */
export function useHasBeenTrue(condition: boolean): boolean {
  const [hasBeen, setHasBeen] = useState(condition);
  // Set while rendering (React re-renders at once, before committing): the first true render already has it.
  if (condition && !hasBeen) setHasBeen(true);
  return hasBeen;
}
