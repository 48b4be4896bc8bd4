// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs at import time. Import this first in a test.
import { TextDecoder, TextEncoder } from 'util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
