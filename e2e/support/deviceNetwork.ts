// The device's network as a journey switches it off and on. Playwright's setOffline alone blocks every new request
// but leaves an open WebSocket standing – the page's hub would notice the outage only at its 30 s server time-out and
// then find the old socket working again – while a phone that loses its network loses its sockets with it.
import type { Page, WebSocketRoute } from '@playwright/test';

export class DeviceNetwork {
  /** The page's open hub sockets, each with its side towards the server. */
  private readonly sockets = new Map<WebSocketRoute, WebSocketRoute>();

  private constructor(private readonly page: Page) {}

  /** Before the page opens its hub connection: routes the page's hub WebSockets through Playwright to the real server. */
  static async of(page: Page): Promise<DeviceNetwork> {
    const network = new DeviceNetwork(page);
    await page.routeWebSocket(/\/signalr/, (socket) => {
      const server = socket.connectToServer();
      network.sockets.set(socket, server);
      // Either side's close still closes the other (the default forwarding, which onClose replaces).
      socket.onClose((code, reason) => {
        network.sockets.delete(socket);
        void server.close({ code, reason });
      });
      server.onClose((code, reason) => {
        network.sockets.delete(socket);
        void socket.close({ code, reason });
      });
    });
    return network;
  }

  /** The network is gone: no request gets through, and every open socket breaks, as on a phone. */
  async goOffline(): Promise<void> {
    await this.page.context().setOffline(true);
    const open = [...this.sockets];
    this.sockets.clear();
    // 1011 for the page: a socket that ended without its own close (a lost network shows as 1006, which no side may send).
    await Promise.all(open.flatMap(([socket, server]) => [socket.close({ code: 1011, reason: 'Netzwerk weg' }), server.close()]));
  }

  async goOnline(): Promise<void> {
    await this.page.context().setOffline(false);
  }
}
