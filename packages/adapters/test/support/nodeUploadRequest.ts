/// <reference types="node" />
// The adapters' UploadRequest over node:http, for tests against the real test server: Node has no XMLHttpRequest.
// The multipart body goes out in 64 KiB pieces, each reported as upload progress once it was handed to the socket,
// as a browser reports it; abort() destroys the request like a browser's abort.
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { UploadRequest } from '../../src/http/xhrUpload.js';

const PIECE = 64 * 1024;

export class NodeUploadRequest implements UploadRequest {
  withCredentials = false;
  status = 0;
  responseText = '';
  aborted = false;
  readonly upload: UploadRequest['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  private responseHeaders: Record<string, string | string[] | undefined> = {};
  private pending: ClientRequest | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  getResponseHeader(name: string): string | null {
    const value = this.responseHeaders[name.toLowerCase()];
    return typeof value === 'string' ? value : null;
  }

  send(body: FormData): void {
    void this.sendForm(body);
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.pending?.destroy();
    this.onabort?.();
  }

  private async sendForm(form: FormData): Promise<void> {
    // The browser's own multipart encoding of the form, boundary in the content type.
    const encoded = new Response(form);
    const bytes = Buffer.from(await encoded.arrayBuffer());
    if (this.aborted) return;
    const request = httpRequest(this.url, {
      method: this.method,
      headers: { ...this.headers, 'Content-Type': encoded.headers.get('content-type') ?? '', 'Content-Length': String(bytes.length) },
    });
    this.pending = request;
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        this.status = response.statusCode ?? 0;
        this.responseHeaders = response.headers;
        this.responseText = Buffer.concat(chunks).toString('utf8');
        this.onload?.();
      });
    });
    request.on('error', () => {
      if (!this.aborted) this.onerror?.();
    });
    for (let offset = 0; offset < bytes.length && !this.aborted; offset += PIECE) {
      const piece = bytes.subarray(offset, offset + PIECE);
      await new Promise<void>((resolve) => request.write(piece, () => resolve()));
      if (!this.aborted) this.upload.onprogress?.({ loaded: Math.min(offset + PIECE, bytes.length), total: bytes.length, lengthComputable: true });
    }
    if (!this.aborted) request.end();
  }
}
