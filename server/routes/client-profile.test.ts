import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, signedInTenant, type TestServer } from '../test/support';

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function multipart(parts: { name: string; filename?: string; data: Buffer | string }[]) {
  const boundary = '----settings-boundary';
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
let headers: { authorization: string; host: string };
let clientId: number;
let otherClientId: number;

beforeEach(async () => {
  server = await createTestServer({ env: { UPLOAD_MAX_BYTES: '4096' } });
  const tenant = await signedInTenant(server, { pollEnabled: true, name: 'Acme' });
  headers = { ...tenant.headers, host: 'api.test' };
  clientId = tenant.clientId;
  otherClientId = (await signedInTenant(server)).clientId;
});
afterEach(async () => {
  await server.close();
});

const patch = (id: number, parts: Parameters<typeof multipart>[0], extra: Record<string, string> = {}) => {
  const body = multipart(parts);
  return server.app.inject({
    method: 'PATCH',
    url: `/api/v1/profiles/client/${id}/`,
    payload: body.payload,
    headers: { ...headers, ...body.headers, ...extra },
  });
};
const uploadedFiles = () => {
  try {
    return readdirSync(path.join(server.config.dataDir, 'uploads'));
  } catch {
    return [];
  }
};

describe('profiles/client/', () => {
  it('lists only the caller’s client with its settings', async () => {
    const page = (await server.app.inject({ url: `/api/v1/profiles/client/?client=${otherClientId}`, headers })).json();
    expect(page).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: clientId,
          business_name: 'Acme',
          description: '',
          business_logo: null,
          business_logo_url: null,
          background_image: null,
          background_image_url: null,
          mascot_logo: null,
          mascot_logo_url: null,
          recent_participant_time: 0,
          viewer_app_url: '',
          poll_enabled: true,
          social_auth_feature: false,
          updated_at: '2026-01-01T09:00:00.000Z',
          version: 1,
        },
      ],
    });
    expect((await server.app.inject({ url: '/api/v1/profiles/client/' })).statusCode).toBe(401);
  });

  it('updates text fields and images from multipart; the current user’s logo URL follows; read-only flags stay', async () => {
    const response = await patch(clientId, [
      { name: 'business_name', data: 'Acme Quizzes' },
      { name: 'description', data: 'Friday quizzes' },
      { name: 'recent_participant_time', data: '300' },
      { name: 'viewer_app_url', data: 'https://play.example.test/' },
      { name: 'poll_enabled', data: 'false' },
      { name: 'social_auth_feature', data: 'true' },
      { name: 'business_logo', filename: 'logo.png', data: PNG },
      { name: 'mascot_logo', filename: 'mascot.png', data: PNG },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      business_name: 'Acme Quizzes',
      description: 'Friday quizzes',
      recent_participant_time: 300,
      viewer_app_url: 'https://play.example.test/',
      poll_enabled: true,
      social_auth_feature: false,
      background_image: null,
      version: 2,
    });
    expect(profile.business_logo_url).toMatch(/^http:\/\/api\.test\/media\/[0-9a-f]{32}\.png$/);
    expect(profile.mascot_logo_url).toMatch(/\/media\//);
    expect(response.headers.etag).toBe('W/"2"');
    const user = (await server.app.inject({ url: '/api/v1/accounts/user/', headers })).json();
    expect(user.client_details.business_logo_url).toBe(profile.business_logo_url);

    const again = await patch(clientId, [
      { name: 'business_logo', data: profile.business_logo_url },
      { name: 'viewer_app_url', data: '' },
    ]);
    expect(again.json()).toMatchObject({ business_logo_url: profile.business_logo_url, viewer_app_url: '', version: 3 });
  });

  it('removes each image with <field>_clear=true (multipart or JSON), an empty field or a JSON null; the others stay', async () => {
    const stored = async () =>
      server.db
        .selectFrom('clients')
        .select(['business_logo', 'background_image', 'mascot_logo'])
        .where('id', '=', clientId)
        .executeTakeFirstOrThrow();
    for (const field of ['business_logo', 'background_image', 'mascot_logo'] as const) {
      const clears = [
        () => patch(clientId, [{ name: `${field}_clear`, data: 'true' }]),
        () => patch(clientId, [{ name: field, data: '' }]),
        () =>
          server.app.inject({
            method: 'PATCH',
            url: `/api/v1/profiles/client/${clientId}/`,
            payload: { [`${field}_clear`]: true },
            headers,
          }),
        () => server.app.inject({ method: 'PATCH', url: `/api/v1/profiles/client/${clientId}/`, payload: { [field]: null }, headers }),
      ];
      for (const clear of clears) {
        const uploaded = await patch(
          clientId,
          ['business_logo', 'background_image', 'mascot_logo'].map((name) => ({ name, filename: `${name}.png`, data: PNG })),
        );
        expect(uploaded.statusCode, uploaded.body).toBe(200);
        const before = await stored();
        const response = await clear();
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ [field]: null, [`${field}_url`]: null });
        const after = await stored();
        expect(after[field]).toBeNull();
        expect(uploadedFiles()).not.toContain(before[field]);
        for (const other of ['business_logo', 'background_image', 'mascot_logo'] as const) {
          if (other === field) continue;
          expect(after[other]).toBe(before[other]);
          expect(uploadedFiles()).toContain(before[other]);
        }
      }
    }
    // Replaced images are removed too: only the two still set remain.
    expect(uploadedFiles()).toHaveLength(2);
  });

  it('keeps the image on a stale If-Match clear, replays a clear once, and lets a new file win over <field>_clear', async () => {
    const uploaded = (await patch(clientId, [{ name: 'mascot_logo', filename: 'mascot.png', data: PNG }])).json();
    const stale = await patch(clientId, [{ name: 'mascot_logo_clear', data: 'true' }], { 'if-match': 'W/"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ mascot_logo_url: uploaded.mascot_logo_url, version: 2 });
    expect(uploadedFiles()).toHaveLength(1);
    const first = await patch(clientId, [{ name: 'mascot_logo_clear', data: 'true' }], {
      'if-match': 'W/"2"',
      'idempotency-key': 'clear-mascot',
    });
    const replay = await patch(clientId, [{ name: 'mascot_logo_clear', data: 'true' }], {
      'if-match': 'W/"2"',
      'idempotency-key': 'clear-mascot',
    });
    expect(replay.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ mascot_logo: null, version: 3 });
    expect(uploadedFiles()).toEqual([]);
    const both = await patch(clientId, [
      { name: 'mascot_logo_clear', data: 'true' },
      { name: 'mascot_logo', filename: 'mascot.png', data: PNG },
    ]);
    expect(both.json().mascot_logo_url).toMatch(/\/media\//);
    expect(uploadedFiles()).toHaveLength(1);
  });

  it('refuses bad values, a text file named .png and an oversized image, changing and storing nothing', async () => {
    const cases: [Parameters<typeof multipart>[0], Record<string, string[]>][] = [
      [
        [{ name: 'recent_participant_time', data: '-5' }],
        { recent_participant_time: ['Ensure this value is greater than or equal to 0.'] },
      ],
      [[{ name: 'recent_participant_time', data: 'soon' }], { recent_participant_time: ['A valid number is required.'] }],
      [
        [{ name: 'viewer_app_url', data: 'javascript:alert(1)' }],
        { viewer_app_url: ['Enter a valid URL starting with http:// or https://.'] },
      ],
      [[{ name: 'viewer_app_url', data: 'not a url' }], { viewer_app_url: ['Enter a valid URL starting with http:// or https://.'] }],
      [[{ name: 'business_name', data: ' ' }], { business_name: ['This field may not be blank.'] }],
      [
        [
          { name: 'business_name', data: 'Changed' },
          { name: 'business_logo', filename: 'ok.png', data: PNG },
          { name: 'mascot_logo', filename: 'evil.png', data: 'plain text' },
        ],
        { mascot_logo: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'] },
      ],
    ];
    for (const [parts, errors] of cases) {
      const response = await patch(clientId, parts);
      expect(response.statusCode, JSON.stringify(parts.map((part) => part.name))).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    const big = await patch(clientId, [{ name: 'background_image', filename: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(8192)]) }]);
    expect(big.statusCode).toBe(413);
    const row = await server.db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ business_name: 'Acme', business_logo: null, mascot_logo: null, version: 1 });
    expect(uploadedFiles()).toEqual([]);
  });

  it('answers 404 for another client’s id, 412 on a stale If-Match, and replays with the same Idempotency-Key', async () => {
    const foreign = await patch(otherClientId, [{ name: 'business_name', data: 'Hijack' }]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.' });
    expect((await patch(999999, [{ name: 'business_name', data: 'x' }])).statusCode).toBe(404);
    await patch(clientId, [{ name: 'business_name', data: 'Second' }]);
    const stale = await patch(clientId, [{ name: 'business_name', data: 'Mine' }], { 'if-match': 'W/"1"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ business_name: 'Second', version: 2 });
    const first = await patch(clientId, [{ name: 'description', data: 'Once' }], { 'idempotency-key': 'settings-1' });
    const replay = await patch(clientId, [{ name: 'description', data: 'Once' }], { 'idempotency-key': 'settings-1' });
    expect(replay.json()).toEqual(first.json());
    expect(first.json().version).toBe(3);
    const read = await server.app.inject({ url: `/api/v1/profiles/client/${clientId}/`, headers });
    expect(read.headers.etag).toBe('W/"3"');
    expect((await server.app.inject({ url: `/api/v1/profiles/client/${otherClientId}/`, headers })).statusCode).toBe(404);
  });
});
