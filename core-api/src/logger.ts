import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { LOG_LEVELS } from './config';

type Level = (typeof LOG_LEVELS)[number];
const INFO = 30;

/** LOG_LEVEL when it names a level; info otherwise (warn under tests, where info would bury their output). */
function levelFrom(env: NodeJS.ProcessEnv): Level {
  const asked = env.LOG_LEVEL?.trim();
  if (asked && (LOG_LEVELS as readonly string[]).includes(asked)) return asked as Level;
  return env.NODE_ENV === 'test' ? 'warn' : 'info';
}

/**
 * For code with no app or request at hand: process start and stop, the cluster's primary, database
 * pool events, the scheduler's default. Read before the configuration is, so a bad LOG_LEVEL falls
 * back here (loadConfig refuses it for the app).
 */
export const processLogger = pino({ level: levelFrom(process.env) });

/**
 * For the process's start and stop lines: written at any LOG_LEVEL but silent, as they always were,
 * since scripts and tests wait for "listening on". An app built without a logger (NODE_ENV=test) has
 * a silent one: the process's logger writes them then.
 */
export function lifecycleLog(appLog: FastifyBaseLogger): FastifyBaseLogger {
  // Fastify's stand-in for no logger has no level at all.
  const log = appLog.level === undefined || appLog.level === 'silent' ? processLogger : appLog;
  if (log.level === 'silent') return log;
  return (pino.levels.values[log.level] ?? INFO) <= INFO ? log : log.child({}, { level: 'info' });
}
