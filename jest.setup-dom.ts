import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 reads these globals, which jsdom does not provide.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// user-event types one key at a time; on a loaded 2-core machine a form test with long fields can pass
// 5 s (add-farm-dialog did, once). A real hang still fails, at 20 s.
jest.setTimeout(20_000);
