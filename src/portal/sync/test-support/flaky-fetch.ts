/** What happens to one request on a bad network. */
export type NetworkFault = 'ok' | 'lost-request' | 'lost-response' | 'server-error';

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * Wraps a fetch with planned faults: the request never arrives, or the server acts and its answer
 * is lost on the way back, or a 503. Faults apply to the next requests, in order.
 */
export class FlakyNetwork {
  private readonly plan: NetworkFault[] = [];

  schedule(faults: readonly NetworkFault[]): void {
    this.plan.push(...faults);
  }

  clear(): void {
    this.plan.length = 0;
  }

  wrap(inner: Fetch): Fetch {
    return async (input, init) => {
      const fault = this.plan.shift() ?? 'ok';
      if (fault === 'lost-request') throw new TypeError('Failed to fetch');
      if (fault === 'server-error')
        return new Response(JSON.stringify({ detail: 'Service unavailable.' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      const response = await inner(input, init);
      if (fault === 'lost-response') throw new TypeError('Failed to fetch');
      return response;
    };
  }
}
