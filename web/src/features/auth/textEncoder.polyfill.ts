// jsdom lacks TextEncoder, which react-router reads when it loads. Import before react-router-dom.
import { TextDecoder, TextEncoder } from 'util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
