import { expect, it } from 'vitest';
import { defaultViewerAppUrl } from './viewer-app-url';

it('defaults a client’s viewer app to this server’s /play/, at PUBLIC_URL or else PORTAL_URL', () => {
  expect(defaultViewerAppUrl({ publicUrl: 'https://quiz.example.com/', portalUrl: 'http://127.0.0.1:3000' })).toBe(
    'https://quiz.example.com/play/',
  );
  expect(defaultViewerAppUrl({ publicUrl: null, portalUrl: 'http://127.0.0.1:3000' })).toBe('http://127.0.0.1:3000/play/');
});
