import { execFileSync } from 'node:child_process';
import path from 'node:path';

// start-order.mjs is an ES module; jest here runs CommonJS, so each case runs in a child Node process.
const orderModule = path.join(__dirname, 'start-order.mjs');

function run(script: string): unknown {
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { startInOrder, splitBuild, retryOnNetworkError } = await import(${JSON.stringify(orderModule)});\n${script}`,
    ],
    { encoding: 'utf8' },
  );
  return JSON.parse(out);
}

describe('npm start’s order', () => {
  it('starts the services before the front ends build, lets them get ready meanwhile, and serves the apps after both', () => {
    const out = run(`
      const events = [];
      const later = (name, ms) => { events.push(name + ' begins'); return new Promise((r) => setTimeout(() => { events.push(name + ' ends'); r(); }, ms)); };
      await startInOrder({
        startServices: () => events.push('services started'),
        build: () => { const all = later('build', 30); return { first: all, rest: all }; },
        servicesReady: () => later('services ready', 10),
        serveApps: async () => events.push('apps served'),
      });
      console.log(JSON.stringify(events));
    `);
    expect(out).toEqual(['services started', 'build begins', 'services ready begins', 'services ready ends', 'build ends', 'apps served']);
  });

  it('serves the first apps (and prints the URL) while the others still build, and serves those when their builds end', () => {
    const out = run(`
      const events = [];
      const after = (name, ms) => new Promise((r) => setTimeout(() => { events.push(name); r(); }, ms));
      await startInOrder({
        startServices: () => events.push('services started'),
        build: () => ({ first: after('first apps built', 20), rest: after('every app built', 120) }),
        servicesReady: () => after('services ready', 10),
        serveApps: async () => events.push('first apps served'),
        serveRest: async () => events.push('other apps served'),
      });
      console.log(JSON.stringify(events));
    `);
    expect(out).toEqual([
      'services started',
      'services ready',
      'first apps built',
      'first apps served',
      'every app built',
      'other apps served',
    ]);
  });

  it('stops at a failed build without waiting for the services or serving the apps', () => {
    const out = run(`
      const events = [];
      const failed = Promise.reject(new Error('build of shell failed'));
      const error = await startInOrder({
        startServices: () => events.push('services started'),
        build: () => ({ first: failed, rest: failed }),
        servicesReady: () => new Promise(() => {}),
        serveApps: async () => events.push('apps served'),
      }).catch((e) => e.message);
      console.log(JSON.stringify({ events, error }));
    `);
    expect(out).toEqual({ events: ['services started'], error: 'build of shell failed' });
  });

  it('stops at a failed build of a later app even while the first apps are still building', () => {
    const out = run(`
      const events = [];
      const error = await startInOrder({
        startServices: () => events.push('services started'),
        build: () => ({ first: new Promise(() => {}), rest: Promise.reject(new Error('build of mfe-farm failed')) }),
        servicesReady: async () => {},
        serveApps: async () => events.push('apps served'),
      }).catch((e) => e.message);
      console.log(JSON.stringify({ events, error }));
    `);
    expect(out).toEqual({ events: ['services started'], error: 'build of mfe-farm failed' });
  });

  it('has the first apps ready when their own builds end, not the whole build', () => {
    const out = run(`
      const events = [];
      const { first, rest } = splitBuild(async (onBuilt) => {
        for (const dir of ['shell', 'mfe-market', 'mfe-farm', 'mfe-auth', 'mfe-legal']) {
          await new Promise((r) => setTimeout(r, 5));
          events.push(dir + ' built');
          onBuilt(dir);
        }
      }, ['shell', 'mfe-auth', 'mfe-market']);
      first.then(() => events.push('first ready'));
      rest.then(() => events.push('all built'));
      await rest;
      await new Promise((r) => setTimeout(r, 5));
      const failed = splitBuild(async () => { throw new Error('build of shell failed'); }, ['shell']);
      const errors = await Promise.all([failed.first.catch((e) => e.message), failed.rest.catch((e) => e.message)]);
      console.log(JSON.stringify({ events, errors }));
    `);
    expect(out).toEqual({
      events: ['shell built', 'mfe-market built', 'mfe-farm built', 'mfe-auth built', 'first ready', 'mfe-legal built', 'all built'],
      errors: ['build of shell failed', 'build of shell failed'],
    });
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
