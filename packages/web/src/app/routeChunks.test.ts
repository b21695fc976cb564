// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { preloadRouteChunks, readRouteChunks } from './routeChunks.js';

function island(json: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'route-chunks';
  script.textContent = json;
  document.head.appendChild(script);
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('route chunks', () => {
  it('should preload the start chunks at normal priority and the rest at low priority', () => {
    island('{"critical":["/assets/start-1.js"],"later":["/assets/container-1.js","/assets/ChatScreenHost-1.js"]}');
    preloadRouteChunks(document);
    const links = [...document.head.querySelectorAll('link')].map((link) => [
      link.rel,
      link.getAttribute('href'),
      link.getAttribute('fetchpriority'),
      link.crossOrigin,
    ]);
    expect(links).toEqual([
      ['modulepreload', '/assets/start-1.js', null, ''],
      ['modulepreload', '/assets/container-1.js', 'low', ''],
      ['modulepreload', '/assets/ChatScreenHost-1.js', 'low', ''],
    ]);
  });

  it("should take only the app's own chunks from the list", () => {
    island('{"critical":["https://fremd.example/x.js","/assets/start-1.js",7,"/assets/../x.js"],"later":"/assets/a.js"}');
    expect(readRouteChunks(document)).toEqual({ critical: ['/assets/start-1.js'], later: [] });
  });

  it('should preload nothing when the page has no list or a broken one', () => {
    expect(readRouteChunks(document)).toEqual({ critical: [], later: [] });
    island('{kaputt');
    preloadRouteChunks(document);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
