import type { FastifyInstance } from 'fastify';
import { useTestApp } from '../testing/use-test-app';
import { named } from './plugin-name';

// Fastify asks each registered plugin's name (fastify/lib/plugin-override.js). A plugin that tells it
// none sends it through every loaded module's exports first: jest's require.cache proxy, ~50 ms of
// each test app's start. Every plugin the app registers tells its name (named, or fastify-plugin's).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Fastify's own module, to watch its calls
const pluginUtils = require('fastify/lib/plugin-utils.js') as {
  getPluginName(fn: unknown): string | null;
  getDisplayName(fn: unknown): string | undefined;
};
const asked: unknown[] = [];
const getPluginName = pluginUtils.getPluginName.bind(pluginUtils);
jest.spyOn(pluginUtils, 'getPluginName').mockImplementation((fn) => {
  asked.push(fn);
  return getPluginName(fn);
});

let app: FastifyInstance;
useTestApp((started) => {
  app = started.app;
});

it('tells Fastify the name of every plugin the app registers', async () => {
  await app.ready();
  expect(asked.length).toBeGreaterThan(40);
  const unnamed = asked
    .filter((fn) => !pluginUtils.getDisplayName(fn))
    .map((fn) => (fn as { name?: string }).name || String(fn).slice(0, 60));
  expect(unnamed).toEqual([]);
  // fastify-plugin names an anonymous function from a stack trace, which jest maps through source maps.
  const anonymous = asked.filter((fn) => Symbol.for('plugin-meta') in (fn as object) && !(fn as { name: string }).name);
  expect(anonymous.map((fn) => pluginUtils.getDisplayName(fn))).toEqual([]);
});

it("names a route plugin by its function's name, once however often it is registered", () => {
  async function cropsRoutes(): Promise<void> {}
  expect(named(cropsRoutes)).toBe(cropsRoutes);
  expect(named(cropsRoutes)).toBe(cropsRoutes);
  expect(pluginUtils.getPluginName(cropsRoutes)).toBe('cropsRoutes');
});
