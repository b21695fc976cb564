// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { loadFailedHtml } from '../../appShell.js';
import { showLoadFailed } from './loadFailed.js';

describe('showLoadFailed', () => {
  it('should replace the endless loading indicator with the notice from the page, whose button reloads', () => {
    document.body.innerHTML = `<div id="root"><main id="inhalt"><div role="status" class="page-loading"></div></main></div>${loadFailedHtml({ text: 'Nicht geladen', reload: 'Seite neu laden' })}`;
    const reload = vi.fn();
    const doc = { getElementById: (id: string) => document.getElementById(id), location: { reload } } as unknown as Document;
    showLoadFailed(doc);
    const main = document.getElementById('inhalt') as HTMLElement;
    expect(main.querySelector('.page-loading')).toBeNull();
    expect(main.querySelector('[role="alert"]')?.textContent).toContain('Nicht geladen');
    (main.querySelector('button') as HTMLButtonElement).click();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('should leave a page without the notice as it is', () => {
    document.body.innerHTML = '<main id="inhalt"><p>Wird geladen</p></main>';
    showLoadFailed(document);
    expect(document.getElementById('inhalt')?.textContent).toBe('Wird geladen');
  });
});
