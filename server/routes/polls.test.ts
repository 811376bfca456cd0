import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function multipart(parts: { name: string; filename?: string; data: Buffer | string }[]) {
  const boundary = '----poll-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename !== undefined ? `; filename="${part.filename}"\r\nContent-Type: application/octet-stream` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let server: TestServer;
let headers: { authorization: string };
let otherHeaders: { authorization: string };

beforeEach(async () => {
  server = await createTestServer({ env: { UPLOAD_MAX_BYTES: '4096' } });
  headers = (await signedInTenant(server, { pollEnabled: true })).headers;
  otherHeaders = (await signedInTenant(server, { pollEnabled: true })).headers;
});
afterEach(async () => {
  await server.close();
});

const uploadedFiles = () => {
  try {
    return readdirSync(path.join(server.config.dataDir, 'uploads'));
  } catch {
    return [];
  }
};

async function createPoll(payload: Record<string, unknown>, as = headers) {
  const response = await server.app.inject({ method: 'POST', url: '/api/v1/poll-list/', payload, headers: as });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; poll_hash: string; link_key: string; version: number; [key: string]: unknown };
}

describe('poll-list/', () => {
  it('creates a poll from JSON with defaults and a generated hash, and reads it back with its choices', async () => {
    const poll = await createPoll({ name: 'Best snack', join_code: '12' });
    expect(poll).toMatchObject({
      name: 'Best snack',
      join_code: '12',
      qr_image: null,
      qr_image_url: null,
      show_options: false,
      show_total_votes: false,
      active: true,
      options: [],
      version: 1,
    });
    expect(poll.poll_hash).toMatch(/^[0-9a-f]{16}$/);
    await server.app.inject({ method: 'POST', url: '/api/v1/poll-choices/', payload: { name: 'Crisps', question: poll.id }, headers });
    const read = await server.app.inject({ url: `/api/v1/poll-list/${poll.id}/`, headers });
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe('W/"1"');
    expect(read.json().options).toMatchObject([{ name: 'Crisps', votes: 0, question: poll.id }]);
  });

  it('creates a poll from multipart with text booleans and a QR image, served back by URL', async () => {
    const body = multipart([
      { name: 'name', data: 'Favourite colour' },
      { name: 'join_code', data: '4821' },
      { name: 'poll_hash', data: 'colour-poll' },
      { name: 'show_options', data: 'true' },
      { name: 'show_total_votes', data: 'false' },
      { name: 'qr_image', filename: 'qr.png', data: PNG },
    ]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/poll-list/',
      payload: body.payload,
      headers: { ...headers, ...body.headers, host: 'api.test' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const poll = response.json();
    expect(poll).toMatchObject({ poll_hash: 'colour-poll', show_options: true, show_total_votes: false, active: true });
    expect(poll.qr_image_url).toMatch(/^http:\/\/api\.test\/media\/[0-9a-f]{32}\.png$/);
    expect(poll.qr_image).toBe(poll.qr_image_url);
    expect((await server.app.inject({ url: new URL(poll.qr_image_url).pathname })).statusCode).toBe(200);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { name: ['This field is required.'], join_code: ['This field is required.'] }],
      [{ name: '  ', join_code: '1' }, { name: ['This field may not be blank.'] }],
      [{ name: 'P', join_code: '12345' }, { join_code: ['Enter a join code of 1 to 4 digits.'] }],
      [{ name: 'P', join_code: 'ab' }, { join_code: ['Enter a join code of 1 to 4 digits.'] }],
      [{ name: 'P', join_code: '1', show_options: 'maybe' }, { show_options: ['Must be a valid boolean.'] }],
      [{ name: 'P', join_code: '1', poll_hash: 'has space' }, { poll_hash: ['Enter a valid poll hash of letters, digits, "-" or "_".'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await server.app.inject({ method: 'POST', url: '/api/v1/poll-list/', payload, headers });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect((await server.db.selectFrom('polls').select('id').execute()).length).toBe(0);
  });

  it('refuses a text file named .png and an oversized image, leaving no row and no file', async () => {
    const fake = multipart([
      { name: 'name', data: 'P' },
      { name: 'join_code', data: '1' },
      { name: 'qr_image', filename: 'qr.png', data: 'just text' },
    ]);
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/v1/poll-list/',
      payload: fake.payload,
      headers: { ...headers, ...fake.headers },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      qr_image: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'],
    });
    const big = multipart([
      { name: 'name', data: 'P' },
      { name: 'join_code', data: '1' },
      { name: 'qr_image', filename: 'qr.png', data: Buffer.concat([PNG, Buffer.alloc(8192)]) },
    ]);
    const tooLarge = await server.app.inject({
      method: 'POST',
      url: '/api/v1/poll-list/',
      payload: big.payload,
      headers: { ...headers, ...big.headers },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect((await server.db.selectFrom('polls').select('id').execute()).length).toBe(0);
    expect(uploadedFiles()).toEqual([]);
  });

  it('refuses a poll hash the client already uses and removes the image it had stored', async () => {
    await createPoll({ name: 'Earlier', join_code: '1', poll_hash: 'taken' });
    const body = multipart([
      { name: 'name', data: 'Mine' },
      { name: 'join_code', data: '2' },
      { name: 'poll_hash', data: 'taken' },
      { name: 'qr_image', filename: 'qr.png', data: PNG },
    ]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/poll-list/',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ poll_hash: ['poll with this poll hash already exists.'] });
    expect(uploadedFiles()).toEqual([]);
    const other = await createPoll({ name: 'Other', join_code: '3' });
    const patch = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/poll-list/${other.id}/`,
      payload: { poll_hash: 'taken' },
      headers,
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toEqual({ poll_hash: ['poll with this poll hash already exists.'] });
  });

  it("takes a poll hash another client uses (unique per client): no answer tells that the other client's poll exists", async () => {
    const theirs = await createPoll({ name: 'Theirs', join_code: '1', poll_hash: 'shared-hash' }, otherHeaders);
    const mine = await createPoll({ name: 'Mine', join_code: '2', poll_hash: 'shared-hash' });
    expect(mine.poll_hash).toBe('shared-hash');
    await createPoll({ name: 'Theirs too', join_code: '4', poll_hash: 'their-other-hash' }, otherHeaders);
    const renamed = await createPoll({ name: 'Renamed', join_code: '3' });
    const patch = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/poll-list/${renamed.id}/`,
      payload: { poll_hash: 'their-other-hash' },
      headers,
    });
    expect(patch.statusCode, patch.body).toBe(200);
    // The other way round too: the other client sees nothing of this one.
    await createPoll({ name: 'Only mine', join_code: '5', poll_hash: 'only-mine' });
    const moved = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/poll-list/${theirs.id}/`,
      payload: { poll_hash: 'only-mine' },
      headers: otherHeaders,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const answers = [
      JSON.stringify(mine),
      patch.body,
      (await server.app.inject({ url: '/api/v1/poll-list/', headers })).body,
      (await server.app.inject({ url: '/api/v1/poll-list/?search=Theirs', headers })).body,
      (await server.app.inject({ url: `/api/v1/poll-list/${theirs.id}/`, headers })).body,
    ];
    for (const answer of answers) {
      expect(answer).not.toContain('Theirs');
      expect(answer).not.toContain(String(theirs.link_key));
    }
    expect((await server.app.inject({ url: `/api/v1/poll-list/${theirs.id}/`, headers })).statusCode).toBe(404);
  });

  it('gives each poll its own random link key, kept through edits', async () => {
    const one = await createPoll({ name: 'One', join_code: '1', poll_hash: 'same' });
    const two = await createPoll({ name: 'Two', join_code: '1', poll_hash: 'same' }, otherHeaders);
    for (const poll of [one, two]) expect(poll.link_key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(one.link_key).not.toBe(two.link_key);
    const edited = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/poll-list/${one.id}/`,
      payload: { poll_hash: 'renamed' },
      headers,
    });
    expect(edited.json()).toMatchObject({ poll_hash: 'renamed', link_key: one.link_key });
    const sent = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/poll-list/${one.id}/`,
      payload: { link_key: 'mine-now' },
      headers,
    });
    expect(sent.json().link_key).toBe(one.link_key);
  });

  it('pages the list, searches on name and never shows another client’s polls', async () => {
    for (let index = 1; index <= 12; index += 1) {
      server.clock.advance(1000);
      await createPoll({ name: index % 2 ? `Lunch vote ${index}` : `Music ${index}`, join_code: String(index) });
    }
    await createPoll({ name: 'Lunch vote elsewhere', join_code: '9' }, otherHeaders);
    const first = (await server.app.inject({ url: '/api/v1/poll-list/?client=999', headers })).json();
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    expect(first.results[0].name).toBe('Music 12');
    expect(first.next).toMatch(/page=2/);
    const second = (await server.app.inject({ url: '/api/v1/poll-list/?page=2', headers })).json();
    expect(second.results.map((poll: { name: string }) => poll.name)).toEqual(['Music 2', 'Lunch vote 1']);
    const found = (await server.app.inject({ url: '/api/v1/poll-list/?search=lunch+vote', headers })).json();
    expect(found.count).toBe(6);
    expect(found.results.every((poll: { name: string }) => poll.name.startsWith('Lunch vote '))).toBe(true);
    expect(found.results.some((poll: { name: string }) => poll.name.includes('elsewhere'))).toBe(false);
  });

  it('updates from multipart, keeps the image when it is sent back as a string, refuses blanks', async () => {
    const poll = await createPoll({ name: 'Old', join_code: '1' });
    const withImage = multipart([
      { name: 'qr_image', filename: 'qr.png', data: PNG },
      { name: 'active', data: 'false' },
    ]);
    const first = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/poll-list/${poll.id}/`,
      payload: withImage.payload,
      headers: { ...headers, ...withImage.headers },
    });
    expect(first.statusCode, first.body).toBe(200);
    const image = first.json().qr_image_url;
    expect(image).toMatch(/\/media\//);
    expect(first.json()).toMatchObject({ active: false, version: 2 });
    const asString = multipart([
      { name: 'name', data: 'New' },
      { name: 'qr_image', data: image },
      { name: 'poll_hash', data: 'new-hash' },
    ]);
    const second = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/poll-list/${poll.id}/`,
      payload: asString.payload,
      headers: { ...headers, ...asString.headers },
    });
    expect(second.json()).toMatchObject({ name: 'New', poll_hash: 'new-hash', qr_image_url: image, version: 3 });
    expect(second.headers.etag).toBe('W/"3"');
    for (const field of ['name', 'join_code', 'poll_hash']) {
      const blank = await server.app.inject({ method: 'PATCH', url: `/api/v1/poll-list/${poll.id}/`, payload: { [field]: '' }, headers });
      expect(blank.statusCode).toBe(400);
      expect(Object.keys(blank.json())).toEqual([field]);
    }
  });

  it('removes the QR image with qr_image_clear=true (multipart or JSON), an empty field or a JSON null: row, file and answer', async () => {
    const clears = [
      { payload: multipart([{ name: 'qr_image_clear', data: 'true' }]) },
      { payload: multipart([{ name: 'qr_image', data: '' }]) },
      { json: { qr_image_clear: true } },
      { json: { qr_image: null } },
    ];
    for (const clear of clears) {
      const poll = await createPoll({ name: 'With QR', join_code: '1' });
      const upload = multipart([{ name: 'qr_image', filename: 'qr.png', data: PNG }]);
      await server.app.inject({
        method: 'PATCH',
        url: `/api/v1/poll-list/${poll.id}/`,
        payload: upload.payload,
        headers: { ...headers, ...upload.headers },
      });
      const stored = (await server.db.selectFrom('polls').select('qr_image').where('id', '=', poll.id).executeTakeFirstOrThrow()).qr_image;
      expect(uploadedFiles()).toContain(stored);
      const request = clear.json
        ? { payload: clear.json, headers }
        : { payload: clear.payload!.payload, headers: { ...headers, ...clear.payload!.headers } };
      const response = await server.app.inject({ method: 'PATCH', url: `/api/v1/poll-list/${poll.id}/`, ...request });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ qr_image: null, qr_image_url: null, version: 3 });
      expect(
        (await server.db.selectFrom('polls').select('qr_image').where('id', '=', poll.id).executeTakeFirstOrThrow()).qr_image,
      ).toBeNull();
      expect(uploadedFiles()).not.toContain(stored);
    }
  });

  it('keeps the QR image on a stale If-Match clear, replays a clear once, and lets a new file win over qr_image_clear', async () => {
    const poll = await createPoll({ name: 'With QR', join_code: '1' });
    const upload = multipart([{ name: 'qr_image', filename: 'qr.png', data: PNG }]);
    const uploaded = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/poll-list/${poll.id}/`,
      payload: upload.payload,
      headers: { ...headers, ...upload.headers },
    });
    const image = uploaded.json().qr_image_url as string;
    const stale = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/poll-list/${poll.id}/`,
      payload: { qr_image_clear: true },
      headers: { ...headers, 'if-match': 'W/"1"' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ qr_image_url: image, version: 2 });
    expect(uploadedFiles()).toHaveLength(1);

    const clear = {
      method: 'PATCH' as const,
      url: `/api/v1/poll-list/${poll.id}/`,
      payload: { qr_image_clear: true },
      headers: { ...headers, 'if-match': 'W/"2"', 'idempotency-key': 'clear-qr' },
    };
    const first = await server.app.inject(clear);
    const again = await server.app.inject(clear);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ qr_image: null, version: 3 });
    expect(uploadedFiles()).toEqual([]);

    const both = multipart([
      { name: 'qr_image_clear', data: 'true' },
      { name: 'qr_image', filename: 'qr.png', data: PNG },
    ]);
    const replaced = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/poll-list/${poll.id}/`,
      payload: both.payload,
      headers: { ...headers, ...both.headers },
    });
    expect(replaced.json().qr_image_url).toMatch(/\/media\//);
    expect(uploadedFiles()).toHaveLength(1);
  });

  it('answers 404 for unknown and foreign ids on read, update and delete', async () => {
    const theirs = await createPoll({ name: 'Theirs', join_code: '1' }, otherHeaders);
    for (const url of [`/api/v1/poll-list/${theirs.id}/`, '/api/v1/poll-list/99999/', '/api/v1/poll-list/abc/']) {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const response = await server.app.inject({ method, url, payload: method === 'PATCH' ? { name: 'x' } : undefined, headers });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ detail: 'Not found.' });
      }
    }
    expect((await server.app.inject({ url: `/api/v1/poll-list/${theirs.id}/`, headers: otherHeaders })).json().name).toBe('Theirs');
  });

  it('replays a create with the same Idempotency-Key: one row, same answer', async () => {
    const request = {
      method: 'POST' as const,
      url: '/api/v1/poll-list/',
      payload: { name: 'Once', join_code: '1' },
      headers: { ...headers, 'idempotency-key': 'poll-1' },
    };
    const first = await server.app.inject(request);
    const second = await server.app.inject(request);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect((await server.db.selectFrom('polls').select('id').execute()).length).toBe(1);
  });

  it('answers 412 with the current poll on a stale If-Match', async () => {
    const poll = await createPoll({ name: 'First', join_code: '1' });
    await server.app.inject({ method: 'PATCH', url: `/api/v1/poll-list/${poll.id}/`, payload: { name: 'Second' }, headers });
    const stale = await server.app.inject({
      method: 'PATCH',
      url: `/api/v1/poll-list/${poll.id}/`,
      payload: { name: 'Mine' },
      headers: { ...headers, 'if-match': 'W/"1"' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ name: 'Second', version: 2 });
    const staleDelete = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/poll-list/${poll.id}/`,
      headers: { ...headers, 'if-match': 'W/"1"' },
    });
    expect(staleDelete.statusCode).toBe(412);
  });

  it('deletes a poll with its choices and reports both in updated_after pulls', async () => {
    const poll = await createPoll({ name: 'Gone', join_code: '1' });
    const kept = await createPoll({ name: 'Kept', join_code: '2' });
    const choice = (
      await server.app.inject({ method: 'POST', url: '/api/v1/poll-choices/', payload: { name: 'A', question: poll.id }, headers })
    ).json();
    server.clock.advance(60_000);
    const since = server.clock.now().toISOString();
    await server.app.inject({ method: 'PATCH', url: `/api/v1/poll-list/${kept.id}/`, payload: { name: 'Kept, renamed' }, headers });
    const deleted = await server.app.inject({ method: 'DELETE', url: `/api/v1/poll-list/${poll.id}/`, headers });
    expect(deleted.statusCode).toBe(204);
    expect(await server.db.selectFrom('poll_choices').select('id').execute()).toEqual([]);
    const polls = (await server.app.inject({ url: `/api/v1/poll-list/?updated_after=${encodeURIComponent(since)}`, headers })).json();
    expect(polls.results.map((row: { name: string }) => row.name)).toEqual(['Kept, renamed']);
    expect(polls.deleted).toEqual([poll.id]);
    const choices = (await server.app.inject({ url: `/api/v1/poll-choices/?updated_after=${encodeURIComponent(since)}`, headers })).json();
    expect(choices).toMatchObject({ count: 0, deleted: [choice.id] });
    expect((await server.app.inject({ url: '/api/v1/poll-list/?updated_after=yesterday', headers })).statusCode).toBe(400);
  });

  it('answers 403 when the client has polls disabled, and 401 without a token', async () => {
    const disabled = (await signedInTenant(server, { pollEnabled: false })).headers;
    for (const [method, url] of [
      ['GET', '/api/v1/poll-list/'],
      ['POST', '/api/v1/poll-list/'],
      ['GET', '/api/v1/poll-choices/'],
      ['POST', '/api/v1/poll-choices/'],
    ] as const) {
      const response = await server.app.inject({
        method,
        url,
        payload: method === 'POST' ? { name: 'x', join_code: '1' } : undefined,
        headers: disabled,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ detail: 'Polls are not enabled for this client.' });
    }
    expect((await server.app.inject({ url: '/api/v1/poll-list/' })).statusCode).toBe(401);
    expect((await server.db.selectFrom('polls').select('id').execute()).length).toBe(0);
  });
});
