import type { GriddeskBridge } from '../common/ipc/contract';

declare global {
  interface Window {
    /** Provided by the Electron preload or the preview host; absent only if the host is broken. */
    griddesk?: GriddeskBridge;
  }
}

export {};
