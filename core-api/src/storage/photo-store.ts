import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where listing photos live. Names are flat (`<hash>-<size>.webp`): the disk store keeps them in one
 * folder, an object store would use them as keys. See README.md for production.
 */
export interface PhotoStore {
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when there is no such photo. */
  get(name: string): Promise<Buffer | undefined>;
  /** Removing a missing photo is not an error. */
  remove(name: string): Promise<void>;
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}

/** Development: files under `<DATA_DIR>/uploads/`. */
export class DiskPhotoStore implements PhotoStore {
  constructor(private readonly dir: string) {}

  private file(name: string): string {
    // Names are made by the server, but a path never leaves the folder whatever it is given.
    if (!SAFE_NAME.test(name) || name.includes('..')) throw new Error(`Bad photo name: ${name}`);
    return path.join(this.dir, name);
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    // Write then rename, so a reader never sees half a file. The temporary name is unique per call:
    // the same photo uploaded twice at once has the same final name, and must not share a temporary one.
    const temporary = `${this.file(name)}.${randomUUID()}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, this.file(name));
  }

  async get(name: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.file(name));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    try {
      await fs.unlink(this.file(name));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
}
