// @vitest-environment jsdom
import { createRef } from 'react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { nestedLiveRegions } from '../testSupport/liveRegions.js';
import { LiveNotice } from './LiveNotice.js';

afterEach(cleanup);

describe('LiveNotice', () => {
  it('should keep its live region in the page while empty and show the text once, in an Alert of role none, when it comes', () => {
    const { container, rerender } = render(
      <LiveNotice politeness="assertive" severity="error">
        {null}
      </LiveNotice>,
    );
    const region = container.firstElementChild as HTMLElement;
    expect(region.getAttribute('aria-live')).toBe('assertive');
    expect(region.hasAttribute('role')).toBe(false);
    expect(region.textContent).toBe('');
    expect(region.childElementCount).toBe(0);

    rerender(
      <LiveNotice politeness="assertive" severity="error">
        {'Bitte geben Sie die E-Mail-Adresse ein.'}
      </LiveNotice>,
    );
    // The same region, now with the text – once, and no second live region inside it.
    expect(container.firstElementChild).toBe(region);
    expect(region.textContent).toBe('Bitte geben Sie die E-Mail-Adresse ein.');
    const alert = region.querySelector('.MuiAlert-root');
    expect(alert?.getAttribute('role')).toBe('none');
    expect(alert?.className).toContain('colorError');
    expect(nestedLiveRegions(container)).toEqual([]);

    rerender(
      <LiveNotice politeness="assertive" severity="error">
        {false}
      </LiveNotice>,
    );
    expect(container.firstElementChild).toBe(region);
    expect(region.textContent).toBe('');
  });

  it('should be a polite status with the region role, and put id, focus target and tabIndex on the Alert', () => {
    const ref = createRef<HTMLDivElement>();
    const { container } = render(
      <LiveNotice politeness="polite" regionRole="status" severity="success" id="saved-notice" ref={ref} tabIndex={-1}>
        Gespeichert.
      </LiveNotice>,
    );
    const region = container.firstElementChild as HTMLElement;
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.getAttribute('role')).toBe('status');
    const alert = region.firstElementChild as HTMLElement;
    expect(alert.id).toBe('saved-notice');
    expect(alert.getAttribute('role')).toBe('none');
    expect(alert.tabIndex).toBe(-1);
    expect(ref.current).toBe(alert);
    expect(region.textContent).toBe('Gespeichert.');
  });

  it('should show an action beside the text only while there is a text', () => {
    const action = <button type="button">Hinweis schließen</button>;
    const { container, rerender } = render(
      <LiveNotice politeness="assertive" regionRole="alert" severity="warning" action={action}>
        {''}
      </LiveNotice>,
    );
    expect(container.querySelector('button')).toBeNull();
    rerender(
      <LiveNotice politeness="assertive" regionRole="alert" severity="warning" action={action}>
        Diesen Chat hat gerade eine Kollegin oder ein Kollege übernommen.
      </LiveNotice>,
    );
    expect(container.querySelector('[role="alert"] button')?.textContent).toBe('Hinweis schließen');
  });
});
