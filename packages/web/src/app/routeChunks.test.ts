// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { preloadRouteChunks, readRouteChunks, type PreloadPacing } from './routeChunks.js';

/** Tasks run only when the test says so. */
function manualTasks(perTask: number) {
  const tasks: (() => void)[] = [];
  const pacing: PreloadPacing = { perTask, nextTask: (run) => tasks.push(run) };
  const runAll = () => {
    while (tasks.length > 0) tasks.shift()?.();
  };
  return { pacing, runAll };
}

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
    const tasks = manualTasks(3);
    void preloadRouteChunks(document, tasks.pacing);
    tasks.runAll();
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

  it('should add a few links per task and report when the start chunks are in', async () => {
    island('{"critical":["/assets/s1.js","/assets/s2.js","/assets/s3.js"],"later":["/assets/l1.js","/assets/l2.js","/assets/l3.js"]}');
    const tasks = manualTasks(2);
    let startChunksIn = false;
    const done = preloadRouteChunks(document, tasks.pacing).then(() => {
      startChunksIn = true;
    });
    expect(document.head.querySelectorAll('link')).toHaveLength(2);
    await Promise.resolve();
    expect(startChunksIn).toBe(false);
    tasks.runAll();
    await done;
    expect(startChunksIn).toBe(true);
    expect([...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'))).toEqual([
      '/assets/s1.js',
      '/assets/s2.js',
      '/assets/s3.js',
      '/assets/l1.js',
      '/assets/l2.js',
      '/assets/l3.js',
    ]);
  });

  it("should take only the app's own chunks from the list", () => {
    island('{"critical":["https://fremd.example/x.js","/assets/start-1.js",7,"/assets/../x.js"],"later":"/assets/a.js"}');
    expect(readRouteChunks(document)).toEqual({ critical: ['/assets/start-1.js'], later: [] });
  });

  it('should preload nothing when the page has no list or a broken one', async () => {
    expect(readRouteChunks(document)).toEqual({ critical: [], later: [] });
    island('{kaputt');
    await preloadRouteChunks(document);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
