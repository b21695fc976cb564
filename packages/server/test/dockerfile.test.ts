// The container image runs the pruned production install. npm puts a workspace's own version of a package in
// packages/<name>/node_modules when the root holds another version (the server's ws 8 and content-disposition 1 beside
// older or newer ones at the root); an image without that folder would start the server on the root's versions.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };

const runtimeStage = dockerfile.slice(dockerfile.indexOf('AS runtime'));
const workspacesWithOwnProductionPackages = [
  ...new Set(
    Object.entries(lock.packages)
      .filter(([key, entry]) => /^packages\/[^/]+\/node_modules\//.test(key) && entry.dev !== true)
      .map(([key]) => key.split('/node_modules/')[0]),
  ),
];

describe('Dockerfile', () => {
  it('should find the workspaces whose production packages npm installs beside them', () => {
    expect(workspacesWithOwnProductionPackages).toContain('packages/server');
  });

  it.each(workspacesWithOwnProductionPackages)('should copy %s/node_modules into the runtime image', (workspace) => {
    expect(runtimeStage).toMatch(new RegExp(`COPY --from=build [^\\n]*/app/${workspace}/node_modules ${workspace}/node_modules`));
  });

  it('should start the server from the runtime image with the built entry point', () => {
    expect(runtimeStage).toMatch(/CMD \[[^\]]*"packages\/server\/dist\/main\.js"\]/);
  });
});
