import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {resolveFile} from '../static-server.mjs';

describe('generic static host (test server)', () => {
  const dir = path.resolve(__dirname, '../..');
  it('serves a file, or a folder index, and nothing outside or in another letter case', () => {
    expect(resolveFile(dir, '/package.json')).toBe('/package.json');
    expect(resolveFile(dir, '/PACKAGE.JSON')).toBeUndefined();
    expect(resolveFile(dir, '/../etc/passwd')).toBeUndefined();
    expect(resolveFile(dir, '/no-such-file')).toBeUndefined();
  });
});
