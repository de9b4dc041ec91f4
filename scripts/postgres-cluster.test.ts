import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// postgres-cluster.mjs is an ES module: a child process answers memoryFolder for a given folder.
const cluster = path.join(__dirname, 'postgres-cluster.mjs');
const memoryFolder = (shm: string): string =>
  execFileSync(process.execPath, [
    '--input-type=module',
    '-e',
    `import { memoryFolder } from ${JSON.stringify(cluster)}; console.log(memoryFolder(process.argv[1]));`,
    shm,
  ])
    .toString()
    .trim();

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
