// A file download as a Call: the bytes, the server's refusal or a lost network – one Result, never a rejection.
import { firstValueFrom } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { fileCall } from './fetchCall.js';

describe('fileCall', () => {
  it('should fetch with the session cookie only and answer the bytes', async () => {
    const fetchFn = vi.fn(async () => new Response('PNG', { status: 200 }));
    const result = await firstValueFrom(fileCall(fetchFn, 'http://chat.example/api/chat/file/f-1'));
    expect(fetchFn).toHaveBeenCalledWith('http://chat.example/api/chat/file/f-1', { credentials: 'include' });
    expect(result._tag === 'Right' && (await result.right.text())).toBe('PNG');
  });

  it("should turn the server's { Error, Message } and a failed fetch into error values", async () => {
    const refused = await firstValueFrom(
      fileCall(async () => new Response(JSON.stringify({ Error: 'NotFound', Message: 'Die Datei wurde nicht gefunden.' }), { status: 404 }), 'x'),
    );
    expect(refused).toEqual({ _tag: 'Left', left: { _tag: 'HttpError', status: 404, code: 'NotFound', message: 'Die Datei wurde nicht gefunden.' } });
    const lost = await firstValueFrom(fileCall(() => Promise.reject(new TypeError('Failed to fetch')), 'x'));
    expect(lost).toEqual({ _tag: 'Left', left: { _tag: 'NetworkError', message: 'Netzwerkfehler: Failed to fetch' } });
  });
});
