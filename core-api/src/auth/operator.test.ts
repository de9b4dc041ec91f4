import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { operatorToken } from './operator';

describe('operatorToken', () => {
  it('uses OPERATOR_TOKEN when set, otherwise makes one in <dataDir>/operator-token (0600) and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-'));
    try {
      expect(operatorToken(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, OPERATOR_TOKEN: 't'.repeat(30) }))).toBe('t'.repeat(30));
      expect(fs.existsSync(path.join(dir, 'operator-token'))).toBe(false);
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(dir, 'new') });
      const made = operatorToken(config);
      expect(made.length).toBeGreaterThanOrEqual(40);
      const file = path.join(dir, 'new', 'operator-token');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(operatorToken(config)).toBe(made);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
