import { beforeEach, describe, expect, it, vi } from 'vitest';
import { device, takeTokenFromAddress } from './device';

beforeEach(() => localStorage.clear());

describe('device', () => {
  it('keeps the session per quiz, and forgets it with the last state', () => {
    device.saveSession('q1', { token: 't1', attempt: 3 });
    device.saveState('q1', { server_time: 1 } as never);
    expect(device.session('q1')).toEqual({ token: 't1', attempt: 3 });
    expect(device.session('q2')).toBeNull();
    device.saveSession('q1', null);
    expect(device.session('q1')).toBeNull();
    expect(device.state('q1')).toBeNull();
  });

  it('reads a damaged entry as nothing', () => {
    localStorage.setItem('play:quiz:q1:session', '{not json');
    expect(device.session('q1')).toBeNull();
    localStorage.setItem('play:quiz:q1:session', JSON.stringify({ token: 5 }));
    expect(device.session('q1')).toBeNull();
  });
});

describe('takeTokenFromAddress', () => {
  it('takes the sign-in callback token and removes it from the address', () => {
    const replaceState = vi.fn();
    const token = takeTokenFromAddress({ hash: '#token=abc%2Fdef', pathname: '/play/q1', search: '' }, { replaceState } as never);
    expect(token).toBe('abc/def');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/play/q1');
    expect(takeTokenFromAddress({ hash: '', pathname: '/play/q1', search: '' })).toBeNull();
    expect(takeTokenFromAddress({ hash: '#tokens=x', pathname: '/play/q1', search: '' })).toBeNull();
  });
});
