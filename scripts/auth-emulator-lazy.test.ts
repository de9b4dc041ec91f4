import { execFileSync } from 'node:child_process';
import path from 'node:path';

const preload = path.join(__dirname, 'auth-emulator-lazy.cjs');

/** In a child Node process, as the emulator loads it: what options reach exegesis's compileApi. */
function optionsSeenByExegesis(args: string[]): Record<string, unknown> {
  const script = `
    const exegesis = require('exegesis');
    let seen;
    exegesis.compileApi = (doc, options) => { seen = options; return Promise.resolve(() => {}); };
    require('exegesis-express').middleware({ openapi: '3.0.0' }, { allErrors: true });
    console.log(JSON.stringify(seen));
  `;
  return JSON.parse(execFileSync(process.execPath, [...args, '-e', script], { cwd: __dirname, encoding: 'utf8' })) as Record<
    string,
    unknown
  >;
}

describe('the Auth emulator preload', () => {
  it('asks exegesis to compile each operation’s validator on first use, keeping the emulator’s own options', () => {
    expect(optionsSeenByExegesis(['--require', preload])).toEqual({ allErrors: true, lazyCompileValidationSchemas: true });
  });

  it('is what the emulator needs it for: without it exegesis compiles every validator before listening', () => {
    expect(optionsSeenByExegesis([])).toEqual({ allErrors: true });
  });
});
