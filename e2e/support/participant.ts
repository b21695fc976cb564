// Other insured people's requests without a browser: a new person through the product API into the chat host and
// StartChat over the official SignalR client, as the web app does – for journeys that need other requests in the
// queue or chats lawyers took before (queue position, expected wait).
import { randomUUID } from 'node:crypto';
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { decode, StartJoinResult, type StartChatRequest } from '@rechtschat/core';
import { isRight } from 'fp-ts/lib/Either.js';
import type { ServerHandle } from './server.js';

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

export class ParticipantDriver {
  private constructor(
    private readonly hub: HubConnection,
    readonly request: StartJoinResult,
  ) {}

  /** A new insured person who describes `description`, skips the e-mail and waits for a lawyer. */
  static async startRequest(server: Pick<ServerHandle, 'webUrl' | 'chatUrl'>, description: string): Promise<ParticipantDriver> {
    const json = { 'content-type': 'application/json' };
    const insuranceNumber = Buffer.from(`E2E-${randomUUID().slice(0, 18)}`).toString('base64');
    const login = await fetch(new URL('api/authentication/customer', server.webUrl), {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ InsuranceNumber: insuranceNumber, AgreedPrivacy: true, AgreedTermsOfService: true }),
    });
    if (!login.ok) throw new Error(`customer login failed: ${login.status} ${await login.text()}`);
    const ticket = await fetch(new URL('api/chat/session', server.webUrl), { headers: { cookie: cookiesOf(login) } });
    if (!ticket.ok) throw new Error(`chat ticket failed: ${ticket.status}`);
    const chatLogin = await fetch(new URL('api/login', server.chatUrl), {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ Value: await ticket.text() }),
    });
    if (!chatLogin.ok) throw new Error(`chat login failed: ${chatLogin.status} ${await chatLogin.text()}`);
    const hub = new HubConnectionBuilder()
      .withUrl(new URL('signalr', server.chatUrl).href, { headers: { Cookie: cookiesOf(chatLogin) } })
      .configureLogging(LogLevel.None)
      .build();
    await hub.start();
    const request: StartChatRequest = {
      Description: description,
      EMailAddress: null,
      VerifiedEmail: false,
      FieldOfLaw: 3,
      FieldOfLawLongName: 'Miet- und Wohnungseigentumsrecht',
    };
    const started = decode(StartJoinResult, await hub.invoke('StartChat', request));
    if (!isRight(started)) throw new Error(started.left.message);
    return new ParticipantDriver(hub, started.right);
  }

  async dispose(): Promise<void> {
    await this.hub.stop();
  }
}
