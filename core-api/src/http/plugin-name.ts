const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * A route plugin with its name told to Fastify. Told none, Fastify looks for the plugin among the
 * exports of every loaded module (`require.cache`) at each register, twice, before it settles for the
 * function's name; in the API tests that cache is jest's proxy over a test file's ~1,500 modules, and
 * the look-ups were ~50 ms of every test app's start. The name is the function's, as before.
 */
export function named<Plugin extends (...args: never[]) => unknown>(plugin: Plugin): Plugin {
  if (!Object.hasOwn(plugin, DISPLAY_NAME)) Object.defineProperty(plugin, DISPLAY_NAME, { value: plugin.name });
  return plugin;
}
