import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { apiServer, forgetAskedRequests } from './api-server';

// jsdom neither scrolls, matches media queries nor captures pointers; the layout uses all three.
window.scrollTo = vi.fn();
Element.prototype.scrollIntoView = () => undefined;
window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as unknown as MediaQueryList;
Element.prototype.setPointerCapture = () => undefined;
Element.prototype.releasePointerCapture = () => undefined;

// A request no handler answers fails with msw's message, rather than reaching a real server.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  forgetAskedRequests();
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => apiServer.close());
