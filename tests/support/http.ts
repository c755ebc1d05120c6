/** A tiny cookie-keeping client: one instance is one shopper's browser. */
export function shopper(baseUrl: string) {
  const jar = new Map<string, string>();
  async function call(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(baseUrl + path, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
    return response;
  }
  return {
    get: (path: string) => call(path),
    post: (path: string, body: unknown) =>
      call(path, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    cookies: jar,
  };
}

/** Reads until `done` holds (twice a second), for what a server does on its own clock; throws after `seconds`. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds: number): Promise<T> {
  for (let i = 0; i < seconds * 2; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`not there within ${seconds} s`);
}
