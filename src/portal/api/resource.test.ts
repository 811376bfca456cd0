import { categoriesApi } from './categories';
import { http } from './client';
import { ApiError } from './errors';
import { ResourceError, parseRetryAfter, requestBody, resource } from './resource';

describe('requestBody', () => {
  it('sends JSON when no file is involved', () => {
    expect(requestBody({ path: 'api/v1/category/' }, { name: 'History' })).toEqual({ json: { name: 'History' } });
  });

  it('goes multipart when the payload holds a file, one part per list item, without stored file URLs', () => {
    const image = new File(['png'], 'sponsor.png', { type: 'image/png' });
    const definition = { path: 'api/v1/quiz/', fileFields: ['image', 'sponsor_logo'] };
    const { body } = requestBody(definition, {
      name: 'Quiz',
      questions: [3, 1, 2],
      image,
      sponsor_logo: 'http://x/media/logo.png',
      active: true,
      hint: null,
    });
    const form = body as FormData;
    expect(form.getAll('questions')).toEqual(['3', '1', '2']);
    expect(form.get('active')).toBe('true');
    expect((form.get('image') as File).name).toBe('sponsor.png');
    expect(form.has('sponsor_logo')).toBe(false);
    expect(form.has('hint')).toBe(false);
  });

  it('goes multipart for an endpoint that wants it even without a file', () => {
    expect(requestBody({ path: 'api/v1/questions/', multipart: true }, { description: 'Who?' }).body).toBeInstanceOf(FormData);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds or an HTTP date', () => {
    expect(parseRetryAfter('30')).toBe(30_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', Date.parse('2026-01-01T00:00:00Z'))).toBe(60_000);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('resource', () => {
  function recording(answer: Response) {
    const requests: Request[] = [];
    const client = http.extend({
      prefixUrl: 'http://portal.test/',
      fetch: async (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init);
        requests.push(request.clone());
        return answer.clone();
      },
    });
    return { requests, client };
  }

  it('sends the Idempotency-Key on every write and If-Match when the base version is known', async () => {
    const { requests, client } = recording(
      new Response(JSON.stringify({ id: 4, name: 'A', version: 3 }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const api = resource<{ id: number }>({
      path: 'api/v1/category/',
      bulkDelete: { path: 'api/v1/bulk-delete-questions/', field: 'questions' },
    });
    await api.create({ name: 'A' }, { idempotencyKey: 'op-1' }, client);
    await api.update(4, { name: 'A' }, { idempotencyKey: 'op-2', baseVersion: 2 }, client);
    await api.update(4, { name: 'A' }, { idempotencyKey: 'op-3', baseVersion: null }, client);
    await api.bulkDelete([4, 5], { idempotencyKey: 'op-4' }, client);
    expect(
      requests.map((request) => [
        request.method,
        new URL(request.url).pathname,
        request.headers.get('Idempotency-Key'),
        request.headers.get('If-Match'),
      ]),
    ).toEqual([
      ['POST', '/api/v1/category/', 'op-1', null],
      ['PATCH', '/api/v1/category/4/', 'op-2', 'W/"2"'],
      ['PATCH', '/api/v1/category/4/', 'op-3', null],
      ['POST', '/api/v1/bulk-delete-questions/', 'op-4', null],
    ]);
    expect(await requests[3]!.json()).toEqual({ questions: [4, 5] });
  });

  it('turns an error answer into a ResourceError with the field errors and the Retry-After', async () => {
    const { client } = recording(
      new Response(JSON.stringify({ detail: 'Slow down.' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'Retry-After': '7' },
      }),
    );
    const error = await resource({ path: 'api/v1/category/' })
      .list({}, client)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResourceError);
    expect(error).toMatchObject({ status: 429, message: 'Slow down.', retryAfterMs: 7000 });
  });

  it("decodes answers with the contract's schemas, dropping what the contract does not declare", async () => {
    const row = { id: 4, name: 'A', client: 1, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', version: 3 };
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const page = await categoriesApi.list(
      {},
      recording(json({ count: 1, next: null, previous: null, results: [{ ...row, extra: 1 }] })).client,
    );
    expect(page.results).toEqual([row]);
    expect(await categoriesApi.get(4, recording(json(row)).client)).toEqual(row);
  });

  it('refuses an answer the contract does not describe: a server fault (502) saying where', async () => {
    const answer = new Response(JSON.stringify({ id: 4, name: 7 }), { status: 200, headers: { 'content-type': 'application/json' } });
    const error = await categoriesApi.get(4, recording(answer).client).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502 });
    expect((error as ApiError).message).toMatch(/GET api\/v1\/category\/4\/ was not understood at name/);
  });
});
