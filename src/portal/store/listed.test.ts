import { describe, expect, it } from 'vitest';
import { listLoading, pullExpected } from './listed';

describe('a list on a new device', () => {
  it('says it is loading while the database opens, and while the first pull of an empty mirror is under way', () => {
    expect(listLoading(undefined, true)).toBe(true);
    expect(listLoading(undefined, false)).toBe(true);
    expect(listLoading({ rows: [], pulledOnce: false }, true)).toBe(true);
    expect(listLoading({ rows: [], pulledOnce: true }, true)).toBe(false);
    expect(listLoading({ rows: [{}], pulledOnce: false }, true)).toBe(false);
    // Offline or with sync stuck, an empty mirror is an empty table, not an endless "Loading".
    expect(listLoading({ rows: [], pulledOnce: false }, false)).toBe(false);
  });

  it('expects a pull only online, signed in, and after a sync run that did not fail', () => {
    expect(pullExpected({ online: true, needsSignIn: false, lastError: null })).toBe(true);
    expect(pullExpected({ online: false, needsSignIn: false, lastError: null })).toBe(false);
    expect(pullExpected({ online: true, needsSignIn: true, lastError: null })).toBe(false);
    expect(pullExpected({ online: true, needsSignIn: false, lastError: 'Server exploded' })).toBe(false);
  });
});
