// Preloaded into a server process (NODE_OPTIONS=--require …) by productionBuild.test.ts: prints one line to stderr the
// first time the process makes a locale-aware Intl object or calls a locale method, with where it happened. Each of
// them pages ICU's locale data into memory, which a server that only carries chats does not need (docs/performance.md).
'use strict';
const reported = new Set();
function report(name) {
  if (reported.has(name)) return;
  reported.add(name);
  const where = (new Error().stack || '').split('\n').slice(3, 7).join(' | ');
  process.stderr.write(`INTL-USE ${name} at ${where}\n`);
}
function traceConstructor(name) {
  const Original = Intl[name];
  if (typeof Original !== 'function') return;
  const traced = new Proxy(Original, {
    construct(target, args, newTarget) {
      report(`Intl.${name}`);
      return Reflect.construct(target, args, newTarget);
    },
    apply(target, self, args) {
      report(`Intl.${name}`);
      return Reflect.apply(target, self, args);
    },
  });
  Object.defineProperty(Intl, name, { value: traced, writable: true, configurable: true });
}
function traceMethod(owner, ownerName, name) {
  const original = owner[name];
  Object.defineProperty(owner, name, {
    value: function (...args) {
      report(`${ownerName}.${name}`);
      return original.apply(this, args);
    },
    writable: true,
    configurable: true,
  });
}
for (const name of ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter', 'DisplayNames'])
  traceConstructor(name);
for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) traceMethod(Date.prototype, 'Date', name);
traceMethod(Number.prototype, 'Number', 'toLocaleString');
traceMethod(String.prototype, 'String', 'localeCompare');
