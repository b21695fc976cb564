// Builds the native addons whose install script did not run: `.ci/run` installs with `npm ci --ignore-scripts`, so
// better-sqlite3's build (SQLite's C source, about 70 s on one core) runs here, beside the static checks of `npm test`,
// which do not load it (CI time, docs/performance.md). After a plain `npm ci` every addon loads and nothing is built.
//
//   node tools/ensureNative.js
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Packages with a native binding the tests need, and how to tell that it loads. */
export const NATIVE_PACKAGES = [{ name: 'better-sqlite3', loads: (load) => void new (load('better-sqlite3'))(':memory:').close() }];

/** The packages among `packages` whose binding does not load with `load` (a `require`). */
export function unbuilt(packages, load) {
  return packages
    .filter(({ loads }) => {
      try {
        loads(load);
        return false;
      } catch {
        return true;
      }
    })
    .map(({ name }) => name);
}

function main() {
  const missing = unbuilt(NATIVE_PACKAGES, createRequire(import.meta.url));
  if (missing.length === 0) return;
  const started = Date.now();
  execFileSync('npm', ['rebuild', ...missing], { stdio: 'inherit' });
  console.info(`built ${missing.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
