// A minimal SMTP server for tests (RFC 5321 happy path, no TLS, no auth): collects envelopes and message data.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export async function startSmtpSink(): Promise<{ port: number; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server: Server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 OK queued');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          continue;
        }
        switch (line.slice(0, 4).toUpperCase()) {
          case 'EHLO':
          case 'HELO':
            reply('250 sink');
            break;
          case 'MAIL':
            current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
            reply('250 OK');
            break;
          case 'RCPT':
            current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 OK');
            break;
          case 'DATA':
            inData = true;
            reply('354 End data with <CR><LF>.<CR><LF>');
            break;
          case 'QUIT':
            reply('221 Bye');
            socket.end();
            break;
          case 'RSET':
          case 'NOOP':
            reply('250 OK');
            break;
          default:
            reply('502 Command unknown to this sink');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
