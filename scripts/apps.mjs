// The front-end apps and their fixed ports (shell 3000, remotes 3001-3004).
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const APPS = [
  { dir: 'shell', name: 'shell', port: 3000 },
  { dir: 'mfe-auth', name: 'auth', port: 3001 },
  { dir: 'mfe-market', name: 'market', port: 3002 },
  { dir: 'mfe-farm', name: 'farm', port: 3003 },
  { dir: 'mfe-legal', name: 'legal', port: 3004 },
];
export const CORE_API_PORT = 4000;
/** The payments sandbox (core-api/sandbox): the API's development defaults point at it. */
export const PAYMENTS_SANDBOX_PORT = 4010;
/** The S3 stand-in (s3rver, core-api/sandbox/s3.ts): the photo bucket every API process shares. */
export const S3_STAND_IN_PORT = 4569;
export const AUTH_EMULATOR = '127.0.0.1:9099';
export const FIREBASE_PROJECT_ID = 'demo-shambasoko';

/** The seeded demo account: its farms are seeded by the core API, its sign-in created in the emulator. */
export const DEMO = { email: 'demo@shambasoko.co.ke', password: 'ShambaDemo2026!', name: 'Wanjiku Kamau' };
