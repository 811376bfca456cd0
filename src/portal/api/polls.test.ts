import { http } from './client';
import { pollChoicesApi } from './poll-choices';
import { pollsApi } from './polls';

function answering(status: number, body: unknown) {
  return http.extend({
    prefixUrl: 'http://portal.test/',
    fetch: async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  });
}

describe('polls api', () => {
  it('lists no polls or choices when the client has polls off (403), so sync neither fails nor keeps old rows', async () => {
    const forbidden = answering(403, { detail: 'Polls are not enabled for this client.' });
    expect(await pollsApi.list({}, forbidden)).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await pollChoicesApi.list({}, forbidden)).results).toEqual([]);
  });

  it('still reports other failures', async () => {
    await expect(pollsApi.list({}, answering(500, { detail: 'Broken.' }))).rejects.toMatchObject({ status: 500, message: 'Broken.' });
  });

  it('sends polls as multipart without the stored QR image URL', () => {
    expect(pollsApi.definition).toMatchObject({ path: 'api/v1/poll-list/', multipart: true, fileFields: ['qr_image'] });
  });
});
