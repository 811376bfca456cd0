import { describe, expect, it } from 'vitest';
import { changedPollFields, choiceNamesOf, qrImagePayload } from './poll-payload';
import type { PollRow } from './poll-rows';

const URL_NOW = 'http://api.test/media/qr.png';
const file = new File(['x'], 'qr.png', { type: 'image/png' });

describe('qrImagePayload', () => {
  it('sends a new file, qr_image_clear when a saved image was removed, and never the stored URL', () => {
    expect(qrImagePayload(URL_NOW, file)).toEqual({ qr_image: file });
    expect(qrImagePayload(null, file)).toEqual({ qr_image: file });
    expect(qrImagePayload(URL_NOW, null)).toEqual({ qr_image: null, qr_image_clear: true });
    expect(qrImagePayload(URL_NOW, URL_NOW)).toEqual({});
    expect(qrImagePayload(null, null)).toEqual({});
  });
});

describe('changedPollFields', () => {
  const row: PollRow = {
    localId: 'p1',
    serverId: 4,
    syncState: 'synced',
    serverCopy: null,
    name: 'Snack',
    join_code: '12',
    show_options: false,
    show_total_votes: false,
    qr_image: URL_NOW,
  };

  it('keeps only changed fields, a new file and a removal', () => {
    expect(changedPollFields(row, { name: 'Snack', join_code: '13', show_options: false })).toEqual({ join_code: '13' });
    expect(changedPollFields(row, { name: 'Snack', qr_image: file })).toEqual({ qr_image: file });
    expect(changedPollFields(row, { name: 'Snack', qr_image: null, qr_image_clear: true })).toEqual({
      qr_image: null,
      qr_image_clear: true,
    });
  });

  it('keeps a removal even when the mirror still holds an earlier removal flag', () => {
    const earlier: PollRow = Object.assign({ ...row, qr_image: 'http://api.test/media/new.png' }, { qr_image_clear: true });
    expect(changedPollFields(earlier, { qr_image: null, qr_image_clear: true })).toEqual({ qr_image: null, qr_image_clear: true });
  });
});

describe('choiceNamesOf', () => {
  it('takes one choice per line, trimmed, without blank lines or repeats', () => {
    expect(choiceNamesOf(' Pizza \n\nSushi\r\nPizza\n  ')).toEqual({ names: ['Pizza', 'Sushi'], error: null });
    expect(choiceNamesOf('')).toEqual({ names: [], error: null });
  });

  it('refuses a name longer than the server takes', () => {
    expect(choiceNamesOf('x'.repeat(256)).error).toBe('Ensure each choice has no more than 255 characters.');
  });
});
