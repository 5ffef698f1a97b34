import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until `endsAt` (epoch ms), ticking while there is time; 0 without an end.
 * Call `sync` when a new end arrives from an event, so the first frame counts from now.
 */
export function useSecondsLeft(endsAt: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  const sync = useCallback(() => setNow(Date.now()), []);
  return { left: endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000)), sync };
}
