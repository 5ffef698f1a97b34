import type { EventHub, EventListener } from '../ports/types';

/**
 * Main's events for the renderer (session:expired, app:navigate). The transports subscribe:
 * Electron sends them over webContents, the preview host over SSE, tests collect them.
 */
export function createEventHub(): EventHub {
  const listeners = new Set<EventListener>();
  return {
    emit(event, payload) {
      for (const listener of [...listeners]) {
        try {
          listener(event, payload);
        } catch (error) {
          // One broken transport (a closed window, a dropped SSE client) must not starve the rest.
          console.error(`GridDesk: an event listener for ${event} failed`, error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
