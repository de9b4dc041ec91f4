import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import Fastify from 'fastify';
import { lifecycleLog } from './logger';

function capture(level: string): { log: pino.Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

describe('the logger', () => {
  it('writes start and stop lines at any level but silent, and leaves the level of other lines alone', () => {
    const quiet = capture('error');
    lifecycleLog(quiet.log).info('core-api listening on http://127.0.0.1:4000');
    quiet.log.info('a request');
    expect(quiet.lines.map((line) => line.msg)).toEqual(['core-api listening on http://127.0.0.1:4000']);

    const chatty = capture('debug');
    lifecycleLog(chatty.log).debug('still debug');
    expect(chatty.lines).toHaveLength(1);

    const silent = capture('silent');
    lifecycleLog(silent.log).info('core-api listening on http://127.0.0.1:4000');
    expect(silent.lines).toEqual([]);
  });

  it('writes them through the process logger when the app has none (NODE_ENV=test): the multi-process tests wait for them', () => {
    // Fastify's stand-in for no logger drops everything and has no level; the line must still be written.
    const log = lifecycleLog(Fastify({ logger: false }).log) as pino.Logger;
    expect(log.level).toBe('info');
    expect(log.isLevelEnabled('info')).toBe(true);
  });

  it('is what the API writes through: no console outside tests', () => {
    const root = __dirname;
    const offenders: string[] = [];
    const walk = (folder: string): void => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          const where = path.relative(root, full).split(path.sep).join('/');
          fs.readFileSync(full, 'utf8')
            .split('\n')
            .forEach((line, index) => {
              if (/\bconsole\.[a-z]+\(/.test(line)) offenders.push(`${where}:${index + 1}`);
            });
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
