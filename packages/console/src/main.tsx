// Browser entry of the lawyer console.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './ConsoleApp.js';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Element #root fehlt in index.html.');
createRoot(rootElement).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
