import { execFileSync } from 'node:child_process';
import path from 'node:path';

// start-order.mjs is an ES module; jest here runs CommonJS, so each case runs in a child Node process.
const orderModule = path.join(__dirname, 'start-order.mjs');

function run(script: string): unknown {
  const out = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `const { startInOrder, retryOnNetworkError } = await import(${JSON.stringify(orderModule)});\n${script}`],
    { encoding: 'utf8' },
  );
  return JSON.parse(out);
}

describe('npm start’s order', () => {
  it('starts the services before the front ends build, lets them get ready meanwhile, and serves the apps after both', () => {
    const out = run(`
      const events = [];
      const later = (name, ms) => () => { events.push(name + ' begins'); return new Promise((r) => setTimeout(() => { events.push(name + ' ends'); r(); }, ms)); };
      await startInOrder({
        startServices: () => events.push('services started'),
        build: later('build', 30),
        servicesReady: later('services ready', 10),
        serveApps: async () => events.push('apps served'),
      });
      console.log(JSON.stringify(events));
    `);
    expect(out).toEqual(['services started', 'build begins', 'services ready begins', 'services ready ends', 'build ends', 'apps served']);
  });

  it('stops at a failed build without waiting for the services or serving the apps', () => {
    const out = run(`
      const events = [];
      const error = await startInOrder({
        startServices: () => events.push('services started'),
        build: async () => { throw new Error('build of shell failed'); },
        servicesReady: () => new Promise(() => {}),
        serveApps: async () => events.push('apps served'),
      }).catch((e) => e.message);
      console.log(JSON.stringify({ events, error }));
    `);
    expect(out).toEqual({ events: ['services started'], error: 'build of shell failed' });
  });

  it('sends an emulator request again when it got no answer, and gives up after the last attempt', () => {
    const out = run(`
      let calls = 0;
      const flaky = async () => { calls += 1; if (calls < 3) throw new TypeError('fetch failed'); return 'answered'; };
      const answer = await retryOnNetworkError(flaky, 4);
      const callsToAnswer = calls;
      calls = 0;
      const error = await retryOnNetworkError(async () => { calls += 1; throw new TypeError('fetch failed'); }, 2).catch((e) => e.message);
      console.log(JSON.stringify({ answer, callsToAnswer, error, callsToGiveUp: calls }));
    `);
    expect(out).toEqual({ answer: 'answered', callsToAnswer: 3, error: 'fetch failed', callsToGiveUp: 2 });
  });
});
