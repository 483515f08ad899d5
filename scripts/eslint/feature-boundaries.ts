import path from 'node:path';
import type { Rule } from 'eslint';

/**
 * A feature folder (`…/features/<name>/`) never imports another feature, however the path is
 * written: `../../event/lib/x.ts` from inside web/features/order reaches web/features/event as
 * surely as `web/features/event/...` does, and no-restricted-imports matches only the text of a
 * path. So the import is resolved against the importing file and the two feature folders compared.
 * What two features share moves to web/lib or web/components (web/admin/components for the back office).
 */

/** The feature folder a path lies in (`/repo/web/features/order`), or undefined outside any. */
export function featureFolder(file: string): string | undefined {
  const parts = path.resolve(file).split(path.sep);
  const at = parts.lastIndexOf('features');
  if (at < 0 || at + 2 >= parts.length) return undefined;
  return parts.slice(0, at + 2).join(path.sep);
}

/** The feature folder an import reaches from `file`, when the import is a path (not a package). */
export function importedFeature(file: string, source: string): string | undefined {
  if (!source.startsWith('.') && !path.isAbsolute(source)) return undefined;
  return featureFolder(path.resolve(path.dirname(file), source));
}

const rule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'a feature must not import another feature (shared code lives in web/lib, web/components)' },
    schema: [],
    messages: {
      crossFeature:
        "'{{source}}' reaches the feature {{target}}: a feature must not import another feature; move what both need to web/lib or web/components",
    },
  },
  create(context) {
    const own = featureFolder(context.filename);
    if (!own) return {};
    const check = (node: Rule.Node, source: unknown) => {
      if (typeof source !== 'string') return;
      const target = importedFeature(context.filename, source);
      if (target && target !== own) {
        context.report({
          node,
          messageId: 'crossFeature',
          data: { source, target: path.relative(path.dirname(path.dirname(own)), target) },
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : undefined),
    };
  },
};

export default { rules: { 'feature-boundaries': rule } };
