/** jsdom lacks a few browser APIs antd relies on; provide inert versions. */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { keepAntdStylesOutOfDocument } from './antdStyles';
import { watchConsoleErrors } from './console';

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// antd measures scrollbars with getComputedStyle(el, pseudo), which jsdom does not implement.
const computed = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computed(element);

// antd's stylesheet out of jsdom's document: it made every getComputedStyle (role queries) slow.
keepAntdStylesOutOfDocument();

// A whole page's first render (its lazily loaded modules, antd building each component's styles)
// takes a few seconds on a loaded two-core machine, more than findBy's default of one second.
configure({ asyncUtilTimeout: 10_000 });

// console.error: printed unless a test expects it (see console.ts); known framework reports dropped.
watchConsoleErrors();

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete window.griddesk;
  window.location.hash = '';
});
