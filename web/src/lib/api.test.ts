import { ApiError, api, buildUrl } from './api';
import { setAdminSession, setWebSession, clearSessions } from './auth';

type FetchArgs = [string, RequestInit];

function mockFetch(status = 200, body: unknown = { ok: true }) {
  const calls: FetchArgs[] = [];
  global.fetch = jest.fn(async (url: string, init: RequestInit) => {
    calls.push([url, init]);
    // jsdom has no Response: the client only reads ok, status and text().
    return { ok: status >= 200 && status < 300, status, text: async () => (body === undefined ? '' : JSON.stringify(body)) };
  }) as unknown as typeof fetch;
  return calls;
}

const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

beforeEach(() => {
  clearSessions();
  // A browser that already holds its XSRF cookie (the test of asking for it clears it).
  document.cookie = 'XSRF-TOKEN=held; path=/';
});

const dropXsrfCookie = () => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
};

describe('REST client', () => {
  it('joins paths to the API base with exactly one slash', () => {
    expect(buildUrl('/api/blog')).toBe('/api/blog');
    expect(buildUrl('api/news/aggregate')).toBe('/api/news/aggregate');
  });

  it('sends the admin token only on /api/admin/ paths and the user token on other /api/ paths', async () => {
    setAdminSession('admin-jwt', { id: '0', email: 'boss', name: 'boss', role: 'Admin' });
    setWebSession('user-jwt', { id: 3, username: 'jane', email: 'j@x.io', createdDate: '2026-01-01' });
    const calls = mockFetch();
    await api.post('/api/admin/login', {});
    await api.get('/api/users/profile');
    await api.post('api/contact', {});
    expect(headersOf(calls[0][1]).Authorization).toBe('Bearer admin-jwt');
    expect(headersOf(calls[1][1]).Authorization).toBe('Bearer user-jwt');
    // Signed-in answers never come from the browser's copy of the public answer at that address.
    expect(calls.map(([, init]) => init.cache)).toEqual(['no-store', 'no-store', 'no-store']);
    expect(headersOf(calls[2][1]).Authorization).toBe('Bearer user-jwt');
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const calls = mockFetch();
    await api.get('/api/blog?page=1&pageSize=10');
    expect(headersOf(calls[0][1]).Authorization).toBeUndefined();
    expect(calls[0][1].cache).toBe('default');
  });

  it('echoes the XSRF-TOKEN cookie on non-GET calls only', async () => {
    document.cookie = 'XSRF-TOKEN=abc%2F123; path=/';
    const calls = mockFetch();
    await api.post('/api/contact', { name: 'A' });
    await api.put('/api/users/profile', { bio: '' });
    await api.get('/api/news/aggregate');
    expect(headersOf(calls[0][1])['X-XSRF-TOKEN']).toBe('abc/123');
    expect(headersOf(calls[1][1])['X-XSRF-TOKEN']).toBe('abc/123');
    expect(headersOf(calls[2][1])['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('asks GET /api/xsrf for the cookie once, before its first write, when the browser holds none', async () => {
    dropXsrfCookie();
    const calls: FetchArgs[] = [];
    global.fetch = jest.fn(async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      // The server's answer sets the cookie, as the browser would store it.
      if (url === '/api/xsrf') document.cookie = 'XSRF-TOKEN=fresh%2Btoken; path=/';
      return { ok: true, status: url === '/api/xsrf' ? 204 : 200, text: async () => '' };
    }) as unknown as typeof fetch;
    await api.get('/api/news/aggregate');
    await Promise.all([api.post('/api/contact', { name: 'A' }), api.post('/api/contact', { name: 'B' })]);
    await api.put('/api/users/profile', { bio: '' });
    expect(calls.map(([url, init]) => `${init.method ?? 'GET'} ${url}`)).toEqual([
      'GET /api/news/aggregate',
      'GET /api/xsrf',
      'POST /api/contact',
      'POST /api/contact',
      'PUT /api/users/profile',
    ]);
    for (const [, init] of calls.slice(2)) expect(headersOf(init)['X-XSRF-TOKEN']).toBe('fresh+token');
  });

  it('sends JSON bodies and parses JSON answers', async () => {
    const calls = mockFetch(200, { success: true });
    const result = await api.post<{ success: boolean }>('/api/game/nursehelpme/score', { score: 120 });
    expect(result).toEqual({ success: true });
    expect(calls[0][1].body).toBe(JSON.stringify({ score: 120 }));
    expect(headersOf(calls[0][1])['Content-Type']).toBe('application/json');
  });

  it("turns an error answer into ApiError with the status and the server's message", async () => {
    mockFetch(400, { data: null, error: { status: 400, message: 'Name is required' } });
    const error = (await api.post('/api/contact', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe('Name is required');
  });

  it('reports status 0 when the server cannot be reached', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const error = (await api.get('/api/blog').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.serverMessage).toBeNull();
  });
});
