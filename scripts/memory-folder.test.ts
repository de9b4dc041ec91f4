import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { memoryFolder } from './memory-folder.cjs';

describe('memoryFolder', () => {
  it('answers the memory folder when it is there with room, else the temporary folder', () => {
    const roomy = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-folder-'));
    try {
      expect(memoryFolder(roomy)).toBe(roomy);
      expect(memoryFolder(path.join(roomy, 'missing'))).toBe(os.tmpdir());
    } finally {
      fs.rmSync(roomy, { recursive: true, force: true });
    }
  });
});
