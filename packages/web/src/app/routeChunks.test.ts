// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { preloadLaterChunks, readLaterChunks, type PreloadPacing } from './routeChunks.js';

/** Tasks run only when the test says so. */
function manualTasks(perTask: number) {
  const tasks: (() => void)[] = [];
  const pacing: PreloadPacing = { perTask, nextTask: (run) => tasks.push(run) };
  const runNext = () => tasks.shift()?.();
  return { pacing, runNext, pending: () => tasks.length };
}

function island(json: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'route-chunks';
  script.textContent = json;
  document.head.appendChild(script);
}

const linksInHead = () =>
  [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href'), link.getAttribute('fetchpriority'), link.crossOrigin]);

afterEach(() => {
  document.head.innerHTML = '';
});

describe('route chunks after the first paint', () => {
  it('should preload every listed chunk at low priority, as a module with the CORS mode of the module script', () => {
    island('{"later":["/assets/container-1.js","/assets/ChatScreenHost-1.js"]}');
    preloadLaterChunks(document, manualTasks(3).pacing);
    expect(linksInHead()).toEqual([
      ['modulepreload', '/assets/container-1.js', 'low', ''],
      ['modulepreload', '/assets/ChatScreenHost-1.js', 'low', ''],
    ]);
  });

  it('should add only a few links per task, in the listed order', () => {
    island('{"later":["/assets/l1.js","/assets/l2.js","/assets/l3.js","/assets/l4.js","/assets/l5.js"]}');
    const tasks = manualTasks(2);
    preloadLaterChunks(document, tasks.pacing);
    expect(linksInHead().map(([, href]) => href)).toEqual(['/assets/l1.js', '/assets/l2.js']);
    tasks.runNext();
    expect(linksInHead()).toHaveLength(4);
    tasks.runNext();
    expect(linksInHead().map(([, href]) => href)).toEqual(['/assets/l1.js', '/assets/l2.js', '/assets/l3.js', '/assets/l4.js', '/assets/l5.js']);
    expect(tasks.pending()).toBe(0);
  });

  it("should take only the app's own chunks from the list", () => {
    island('{"later":["https://fremd.example/x.js","/assets/container-1.js",7,"/assets/../x.js"]}');
    expect(readLaterChunks(document)).toEqual(['/assets/container-1.js']);
  });

  it('should preload nothing when the page has no list, a broken one or one of another shape', () => {
    expect(readLaterChunks(document)).toEqual([]);
    island('{kaputt');
    preloadLaterChunks(document);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
    document.head.innerHTML = '';
    island('{"later":"/assets/a.js"}');
    expect(readLaterChunks(document)).toEqual([]);
  });
});
