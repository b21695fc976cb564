// Browser entry of the lawyer console: real fetch, the official SignalR client, the wall clock, and the channel to the
// browser's other console tabs, which share the session (its activity and its sign-out).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { buildHubConnection } from '@rechtschat/adapters/signalr';
import { reloadOnStaleChunk } from '@rechtschat/adapters/stale-chunks';
import { createBrowserSessionTabs } from '@rechtschat/adapters';
import { ConsoleApp } from './ConsoleApp.js';

reloadOnStaleChunk(window);
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Element #root fehlt in index.html.');
const sessionTabs = createBrowserSessionTabs(window);
createRoot(rootElement).render(
  <StrictMode>
    <ConsoleApp
      fetcher={(input, init) => fetch(input, init)}
      webOrigin={window.location.origin}
      connect={(url, reconnectPolicy) => buildHubConnection(url, reconnectPolicy)}
      basename="/konsole"
      sessionTabs={sessionTabs}
    />
  </StrictMode>,
);
