// HTTP for one soak client from its own loopback address (127.0.0.2 …): real clients come from many
// addresses, so the per-address rate limit must not see 400 clients as one. Loopback only.
import http from 'node:http';

export class LoopbackHttp {
  readonly statuses: number[] = [];

  constructor(
    private readonly cookie: string,
    private readonly localAddress: string,
  ) {}

  static addressFor(index: number): string {
    return `127.0.${1 + Math.floor(index / 250)}.${2 + (index % 250)}`;
  }

  cookieHeader(): string {
    return this.cookie;
  }

  get<T>(url: string): Promise<{ status: number; body: T }> {
    return new Promise((resolve, reject) => {
      const request = http.get(url, { localAddress: this.localAddress, headers: { cookie: this.cookie }, timeout: 15_000 }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          this.statuses.push(status);
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status, body: (text === '' ? undefined : JSON.parse(text)) as T });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        response.on('error', reject);
      });
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', reject);
    });
  }
}
