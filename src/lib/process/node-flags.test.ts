import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from './node-flags.ts';

describe('Node flags of the storefront', () => {
  it('npm start runs with every flag the tests and the seller network run with', () => {
    const start = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }).scripts.start;
    const args = start.split(/\s+/);
    for (const flag of NODE_FLAGS) expect(args.slice(0, args.indexOf('src/serve.ts'))).toContain(flag);
  });
});
