import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir, StartRefused, type DataDirClaim } from './data-dir-owner.server.ts';

const held: DataDirClaim[] = [];
const claim = async (dataDir: string) => {
  const c = await claimDataDir(dataDir);
  held.push(c);
  return c;
};
const uniqueDir = () => `/tmp/kirana-owner-test-${process.pid}-${Math.random().toString(36).slice(2)}`;

describe.runIf(process.platform === 'linux')('one storefront per data dir (issue 14, crash-only)', () => {
  afterEach(async () => {
    await Promise.all(held.splice(0).map((c) => c.release()));
  });

  it('refuses a second start on the same data dir, naming the running one and what to do', async () => {
    const dataDir = uniqueDir();
    const first = await claim(dataDir);
    first.announce('http://127.0.0.1:4321');
    const second = claimDataDir(dataDir);
    await expect(second).rejects.toBeInstanceOf(StartRefused);
    await expect(claimDataDir(dataDir)).rejects.toThrow(
      `Another Kirana storefront (pid ${process.pid}, http://127.0.0.1:4321) is running on the data dir ${dataDir}. Stop it first (kill ${process.pid}), or give this one its own DATA_DIR.`,
    );
  });

  it('lets storefronts of other data dirs start beside it', async () => {
    await claim(uniqueDir());
    await expect(claim(uniqueDir())).resolves.toBeDefined();
  });

  it('is free again once the owner stops', async () => {
    const dataDir = uniqueDir();
    await (await claimDataDir(dataDir)).release();
    await expect(claim(dataDir)).resolves.toBeDefined();
  });

  it('is free the moment its owner is killed with SIGKILL: no stale lock to clean up', async () => {
    const dataDir = uniqueDir();
    const module = fileURLToPath(new URL('./data-dir-owner.server.ts', import.meta.url));
    const owner = spawn(
      process.execPath,
      [
        '--disable-warning=ExperimentalWarning',
        '--input-type=module',
        '-e',
        `const { claimDataDir } = await import(${JSON.stringify(module)}); await claimDataDir(${JSON.stringify(dataDir)}); console.log('claimed'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await once(owner.stdout!, 'data');
    await expect(claimDataDir(dataDir)).rejects.toThrow(`pid ${owner.pid}, starting`);
    owner.kill('SIGKILL');
    await once(owner, 'exit');
    await expect(claim(dataDir)).resolves.toBeDefined();
  });
});
