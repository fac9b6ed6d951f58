import {describe, expect, it} from 'vitest';
import {completeLock, platformOf} from '../../scripts/complete-lockfile.mjs';

describe('platformOf', () => {
  it.each([
    ['@swc/core-darwin-arm64', {os: ['darwin'], cpu: ['arm64']}],
    ['@swc/core-linux-arm-gnueabihf', {os: ['linux'], cpu: ['arm'], libc: ['glibc']}],
    ['@rollup/rollup-linux-riscv64-musl', {os: ['linux'], cpu: ['riscv64'], libc: ['musl']}],
    ['@swc/html-win32-ia32-msvc', {os: ['win32'], cpu: ['ia32']}],
  ])('%s', (name, expected) => {
    expect(platformOf(name)).toEqual(expected);
  });

  it('ignores names that encode no platform', () => {
    expect(platformOf('fsevents')).toBeUndefined();
  });
});

describe('completeLock', () => {
  it('adds missing optional platform packages once, and leaves present ones alone', () => {
    const lock: {packages: Record<string, object>} = {
      packages: {
        '': {},
        'node_modules/@swc/core': {
          version: '1.0.0',
          optionalDependencies: {'@swc/core-darwin-arm64': '1.0.0', '@swc/core-linux-x64-gnu': '1.0.0'},
        },
        'node_modules/@swc/core-linux-x64-gnu': {version: '1.0.0'},
      },
    };
    expect(completeLock(lock)).toEqual(['@swc/core-darwin-arm64@1.0.0']);
    expect(lock.packages['node_modules/@swc/core-darwin-arm64']).toEqual({
      version: '1.0.0',
      os: ['darwin'],
      cpu: ['arm64'],
      optional: true,
    });
    expect(completeLock(lock)).toEqual([]);
  });
});
