import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from './feature-boundaries.ts';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = plugin.rules['feature-boundaries'];
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });
const order = '/repo/web/features/order/components/order-content.tsx';
const cross = [{ messageId: 'crossFeature' }];

tester.run('feature-boundaries', rule, {
  valid: [
    { name: 'its own feature, relatively', filename: order, code: "import { groupRows } from '../lib/order-logic.ts';" },
    { name: 'shared code', filename: order, code: "import { useFormatRoubles } from '../../../lib/use-money.ts';" },
    { name: 'the contract', filename: order, code: "import { OrderStatus } from '../../../../contract/order-status.ts';" },
    { name: 'a package', filename: order, code: "import { useState } from 'react';" },
    {
      name: 'a file outside any feature may import a feature',
      filename: '/repo/web/app/router.tsx',
      code: "import('../features/order/order-page.tsx');",
    },
    {
      name: 'a back-office feature, its own files',
      filename: '/repo/web/admin/features/staff/staff-page.tsx',
      code: "import { x } from './x.ts';",
    },
    { name: 'a dynamic import of a computed path is not judged', filename: order, code: 'import(name);' },
  ],
  invalid: [
    {
      name: 'another feature, relatively',
      filename: order,
      code: "import { ticketLimit } from '../../event/lib/order-rules.ts';",
      errors: cross,
    },
    {
      name: 'another feature through the features folder',
      filename: order,
      code: "import { x } from '../../../features/scheme/x.ts';",
      errors: cross,
    },
    { name: 'a re-export', filename: order, code: "export { x } from '../../return/lib/return-logic.ts';", errors: cross },
    { name: 'a re-export of everything', filename: order, code: "export * from '../../return/lib/return-logic.ts';", errors: cross },
    { name: 'a dynamic import', filename: order, code: "import('../../nominal/nominal-page.tsx');", errors: cross },
    { name: 'a type import', filename: order, code: "import type { X } from '../../scheme/x.ts';", errors: cross },
    {
      name: 'between back-office features',
      filename: '/repo/web/admin/features/staff/staff-page.tsx',
      code: "import { x } from '../orders/format.ts';",
      errors: cross,
    },
    {
      name: 'from the back office into a storefront feature',
      filename: '/repo/web/admin/features/staff/staff-page.tsx',
      code: "import { x } from '../../../features/order/x.ts';",
      errors: cross,
    },
  ],
});

describe('the project eslint config', () => {
  it('applies the rule to storefront and back-office features', async () => {
    const { ESLint } = await import('eslint');
    const eslint = new ESLint({ cwd: process.cwd() });
    const lint = async (filePath: string, code: string) =>
      (await eslint.lintText(code, { filePath })).flatMap((result) => result.messages.map((m) => m.ruleId));
    expect(await lint('web/features/order/x.ts', "export { ticketLimit } from '../event/lib/order-rules.ts';\n")).toContain(
      'boundaries/feature-boundaries',
    );
    expect(await lint('web/admin/features/reports/x.ts', "export { PageSkeleton } from '../orders/x.tsx';\n")).toContain(
      'boundaries/feature-boundaries',
    );
    expect(await lint('web/features/order/x.ts', "export { groupRows } from './lib/order-logic.ts';\n")).not.toContain(
      'boundaries/feature-boundaries',
    );
  });
});
