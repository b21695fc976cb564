// @vitest-environment jsdom
// The firm's name and imprint come from the runtime settings (appConfig.ts readBranding): the footer links the firm's
// imprint and the imprint page names the firm; without them the built-in imprint note stays.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { pageHeading, renderApp, testConfig } from '../testSupport/app.js';

afterEach(cleanup);

const branded = { ...testConfig, firmName: 'Kanzlei Muster & Partner', imprintUrl: 'https://kanzlei-muster.example/impressum' };

describe('imprint with the runtime branding', () => {
  it("should link the firm's imprint in the footer, in a new tab", async () => {
    renderApp('/chat/datenschutz', {}, branded);
    await pageHeading();
    const footer = screen.getByRole('navigation', { name: 'Rechtliche Hinweise' });
    const link = [...footer.querySelectorAll('a')].find((a) => a.textContent?.startsWith('Impressum'));
    expect(link?.getAttribute('href')).toBe('https://kanzlei-muster.example/impressum');
    expect(link?.getAttribute('target')).toBe('_blank');
  });

  it('should name the firm on the imprint page and link its imprint', async () => {
    renderApp('/impressum', {}, branded);
    expect(await pageHeading()).toBe('Impressum');
    expect(screen.getByText('Betreiber dieses Angebots: Kanzlei Muster & Partner')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Zum Impressum des Betreibers/ }).getAttribute('href')).toBe('https://kanzlei-muster.example/impressum');
  });

  it('should keep the built-in imprint note and the internal link without branding', async () => {
    renderApp('/impressum');
    await pageHeading();
    expect(screen.queryByText(/Betreiber dieses Angebots/)).toBeNull();
    expect(screen.queryByRole('link', { name: /Zum Impressum des Betreibers/ })).toBeNull();
    const footer = screen.getByRole('navigation', { name: 'Rechtliche Hinweise' });
    expect([...footer.querySelectorAll('a')].find((a) => a.textContent?.startsWith('Impressum'))?.getAttribute('href')).toBe('/impressum');
  });
});
