import {describe, expect, it} from 'vitest';
import {savesData} from '../connection';

describe('savesData: when Ask AI leaves its model unloaded', () => {
  it('is false where the browser says nothing of the connection', () => {
    expect(savesData(undefined)).toBe(false);
    expect(savesData({})).toBe(false);
  });
  it('is true with Save-Data, whatever the speed', () => {
    expect(savesData({saveData: true, effectiveType: '4g'})).toBe(true);
  });
  it('is true on 2G and 3G connections, false on 4G', () => {
    for (const effectiveType of ['slow-2g', '2g', '3g']) expect(savesData({effectiveType})).toBe(true);
    expect(savesData({effectiveType: '4g', saveData: false})).toBe(false);
  });
});
