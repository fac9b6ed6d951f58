import {describe, expect, it} from 'vitest';
import {queryFromPath} from '@site/src/search/queryFromPath';

describe('queryFromPath', () => {
  it('turns a path into search words without section noise', () => {
    expect(queryFromPath('/platform/embed-txt.html')).toBe('embed txt');
    expect(queryFromPath('/reference/api/v1/upload_files')).toBe('upload files');
  });

  it('survives malformed escapes and hostile input', () => {
    expect(queryFromPath('/%E0%A4%A')).toBe('e0 a4 a');
    expect(queryFromPath('/<script>alert(1)</script>')).toBe('script alert 1 script');
  });

  it('caps the length at the search input limit', () => {
    expect(queryFromPath(`/${'word-'.repeat(40)}`).length).toBeLessThanOrEqual(64);
  });
});
