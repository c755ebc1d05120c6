import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_BUNDLES } from './build.server.ts';
import { START_ENV, NODE_FLAGS } from './node-flags.ts';

const start = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }).scripts.start;
// The command that runs the storefront, after the build step.
const serveCommand = start.split('&&').at(-1)?.trim().split(/\s+/) ?? [];

describe('how npm start runs the storefront', () => {
  it('runs its bundle with every flag the tests run it with', () => {
    const flags = serveCommand.slice(0, serveCommand.indexOf(NODE_BUNDLES.storefront));
    for (const flag of NODE_FLAGS) expect(flags).toContain(flag);
  });

  it('sets the malloc settings before Node starts', () => {
    for (const [name, value] of Object.entries(START_ENV)) expect(serveCommand).toContain(`${name}=${value}`);
  });
});
