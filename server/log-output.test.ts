import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './log-output.ts';

describe('loggerOptions', () => {
  it.each([
    { level: 'info', terminal: true, expected: 'pretty' },
    { level: 'debug', terminal: true, expected: 'pretty' },
    { level: 'info', terminal: false, expected: 'json' },
    { level: 'warn', terminal: false, expected: 'json' },
    { level: 'silent', terminal: true, expected: 'off' },
    { level: 'silent', terminal: false, expected: 'off' },
  ] as const)('$level on a terminal: $terminal gives $expected', ({ level, terminal, expected }) => {
    const options = loggerOptions(level, terminal);
    if (expected === 'off') return expect(options).toBe(false);
    expect(options).toMatchObject({ level });
    const transport = (options as { transport?: { target: string } }).transport;
    if (expected === 'json') expect(transport).toBeUndefined();
    else expect(transport?.target).toBe('pino-pretty');
  });

  it('names a transport that is installed as a production dependency', async () => {
    const { transport } = loggerOptions('info', true) as { transport: { target: string } };
    expect(() => createRequire(import.meta.url).resolve(transport.target)).not.toThrow();
    const pkg = (await import('../package.json', { with: { type: 'json' } })).default as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies)).toContain(transport.target);
  });
});
