import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs` while `enabled`, so a runtime counting from a
 * start date moves on screen between the data refreshes.
 */
export function useNow(intervalMs: number, enabled = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled]);
  return now;
}
