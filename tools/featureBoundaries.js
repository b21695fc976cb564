// The server's feature boundaries as an ESLint rule (docs/server.md, "Lint zones"). A feature is a folder under
// packages/server/src/features; its index.ts is its only entry point:
// - code outside a feature (another feature, app.ts, hubMethods.ts, the CLIs) imports it only through that index.ts;
// - platform/ and hub/ import no feature and not the composition root (the files directly under src/).
// Specifiers are resolved against the importing file, so `../lawyer/lawyers.js` and `../../lawyer/lawyers.js` are
// judged alike whatever the depth. Package imports are not this rule's business (layerRules.js covers them).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = path.join(repoRoot, 'packages/server/src');
const featuresDir = path.join(serverSrc, 'features');
/** Layers below the features: they serve every feature, so they may know none. */
const innerLayers = ['platform', 'hub'].map((name) => path.join(serverSrc, name));

const inside = (dir, file) => file.startsWith(dir + path.sep);
/** `admin` for …/features/admin/team.ts; null outside a feature folder (features/*.ts files belong to none). */
function featureOf(file) {
  if (!inside(featuresDir, file)) return null;
  const parts = path.relative(featuresDir, file).split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}
const isEntryPoint = (file, feature) => ['index', 'index.js', 'index.ts'].map((name) => path.join(featuresDir, feature, name)).includes(file);

/** @type {import('eslint').Rule.RuleModule} */
const featureEntryPoints = {
  meta: {
    type: 'problem',
    docs: { description: 'Features are imported only through their index.ts; platform and hub import no feature.' },
    schema: [],
    messages: {
      deepImport: "Import the feature '{{feature}}' through its entry point ('{{entry}}'), not its file '{{file}}'.",
      innerLayer: "{{layer}} serves every feature and imports none: '{{specifier}}'.",
    },
  },
  create(context) {
    const file = path.resolve(context.filename);
    if (!inside(serverSrc, file)) return {};
    const from = featureOf(file);
    const layer = innerLayers.find((dir) => inside(dir, file));
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), specifier);
      if (layer) {
        const composition = path.dirname(target) === serverSrc;
        if (inside(featuresDir, target) || composition)
          context.report({ node: node.source, messageId: 'innerLayer', data: { layer: path.basename(layer), specifier } });
        return;
      }
      const feature = featureOf(target);
      if (feature === null || feature === from || isEntryPoint(target, feature)) return;
      const entry = path
        .relative(path.dirname(file), path.join(featuresDir, feature, 'index.js'))
        .split(path.sep)
        .join('/');
      context.report({
        node: node.source,
        messageId: 'deepImport',
        data: { feature, entry: entry.startsWith('.') ? entry : `./${entry}`, file: specifier },
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export const featureBoundaries = { rules: { 'entry-points': featureEntryPoints } };
