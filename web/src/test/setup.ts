import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'util';

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Each test starts in a browser that already holds its XSRF cookie, so a component's first write is the
// request it makes (the REST client asks GET /api/xsrf first only without one: lib/api.test.ts tests that).
beforeEach(() => {
  if (typeof document !== 'undefined') document.cookie = 'XSRF-TOKEN=test-xsrf-token; path=/';
});
