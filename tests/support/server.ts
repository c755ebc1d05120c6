import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from '../../src/lib/process/node-flags.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface StartedServer {
  url: string;
  dataDir: string;
  /** the storefront process (its seller network is a child of it) */
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the storefront exactly as `npm start` does (src/serve.ts), on a free port, with its own
 * data dir, and waits until it listens. Tests never reuse a server already running on the machine.
 */
export async function startServer(env: Record<string, string> = {}, options: { timeoutMs?: number; dataDir?: string } = {}): Promise<StartedServer> {
  const timeoutMs = options.timeoutMs ?? 90_000;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'kirana-test-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', ...NODE_FLAGS, path.join(root, 'src/serve.ts')],
    {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: 'memory://', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs / 1000} s:\n${log}`)), timeoutMs);
    child.stdout?.on('data', () => {
      const match = /Kirana storefront on (http:\/\/\S+)/.exec(log);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  });

  return {
    url,
    dataDir,
    pid: child.pid ?? 0,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
