import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { ApiError } from '../http/envelope';

const OPERATOR_HEADER = 'x-operator-token';

/**
 * The deploy commands' secret: OPERATOR_TOKEN when set (required in production); otherwise a random
 * one kept in <dataDir>/operator-token (0600), reused across restarts, which `npm run deploy` reads.
 */
export function operatorToken(config: Config): string {
  if (config.operatorToken) return config.operatorToken;
  const file = path.join(config.dataDir, 'operator-token');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 24) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return token;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** 401 unless the request carries the operator token. */
    requireOperator(request: FastifyRequest): void;
  }
}

export const operatorPlugin = fp(async function operator(app: FastifyInstance, { token }: { token: string }) {
  const expected = Buffer.from(token, 'utf8');
  app.decorate('requireOperator', (request: FastifyRequest) => {
    const sent = request.headers[OPERATOR_HEADER];
    const given = Buffer.from(typeof sent === 'string' ? sent : '', 'utf8');
    // Same length first: timingSafeEqual throws otherwise, and the length alone tells nothing useful.
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new ApiError(401, 'This needs the operator token (header x-operator-token).');
  });
});
