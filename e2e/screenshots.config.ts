import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The screenshot jobs: the same stack and browser as the browser tests, other files.
export default defineConfig({ ...base, testDir: './jobs', testMatch: '**/*.shots.ts', retries: 0 });
