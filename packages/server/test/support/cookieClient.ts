// A fetch wrapper with a per-host cookie jar, so tests behave like a browser session.
export interface JsonResponse<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
  readonly text: string;
}

export class CookieClient {
  private readonly jar = new Map<string, Map<string, string>>();

  constructor(private readonly defaultHeaders: Record<string, string> = {}) {}

  cookieHeader(url: string): string {
    const host = new URL(url).hostname;
    return [...(this.jar.get(host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  cookie(url: string, name: string): string | undefined {
    return this.jar.get(new URL(url).hostname)?.get(name);
  }

  setCookie(url: string, name: string, value: string): void {
    const host = new URL(url).hostname;
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    cookies.set(name, value);
    this.jar.set(host, cookies);
  }

  private remember(url: string, headers: Headers): void {
    const host = new URL(url).hostname;
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    for (const line of headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    this.jar.set(host, cookies);
  }

  async raw(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(this.defaultHeaders)) if (!headers.has(k)) headers.set(k, v);
    const cookie = this.cookieHeader(url);
    if (cookie !== '') headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.remember(url, response.headers);
    return response;
  }

  async request<T = unknown>(method: string, url: string, body?: unknown): Promise<JsonResponse<T>> {
    const init: RequestInit = { method };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      init.headers = { 'content-type': 'application/json' };
    }
    const response = await this.raw(url, init);
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = unknown>(url: string) {
    return this.request<T>('GET', url);
  }

  post<T = unknown>(url: string, body?: unknown) {
    return this.request<T>('POST', url, body);
  }

  put<T = unknown>(url: string, body?: unknown) {
    return this.request<T>('PUT', url, body);
  }
}
