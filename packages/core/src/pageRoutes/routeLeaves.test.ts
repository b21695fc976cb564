import { describe, expect, it } from 'vitest';
import { routeLeaves } from './routeLeaves.js';

describe('routeLeaves', () => {
  it('should give every leaf its full pattern, with index and pathless layout routes adding no segment', () => {
    const routes = [
      { path: '/', element: 'home', index: true },
      {
        element: 'layout',
        children: [
          {
            path: 'chat',
            children: [
              { index: true, element: 'chat' },
              { path: ':caseId', element: 'case' },
            ],
          },
        ],
      },
      { path: '*', element: 'not found' },
    ];
    expect(routeLeaves(routes, '/')).toEqual([
      { pattern: '/', element: 'home' },
      { pattern: '/chat', element: 'chat' },
      { pattern: '/chat/:caseId', element: 'case' },
      { pattern: '/*', element: 'not found' },
    ]);
    expect(routeLeaves([{ path: 'verwaltung/team', element: 'team' }], '/konsole/')).toEqual([{ pattern: '/konsole/verwaltung/team', element: 'team' }]);
  });
});
