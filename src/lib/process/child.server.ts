import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Runs a Node script as a child process, forwards its output with a prefix, and resolves once a
 * line matches `ready` (with the match), or rejects if it exits or stays silent past the limit.
 */
export async function startChild(options: {
  script: string;
  /** Node's own flags for the child */
  flags: readonly string[];
  env: NodeJS.ProcessEnv;
  ready: RegExp;
  prefix: string;
  timeoutMs: number;
}): Promise<{ child: ChildProcess; match: RegExpExecArray; stop: () => Promise<void> }> {
  // The IPC channel is how the child knows we are gone: it closes when this process ends in any
  // way, kill -9 included, and the child then stops on its own (crash-only: no orphans).
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', ...options.flags, options.script], {
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.channel?.unref();
  const forward = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) stream.write(`${options.prefix} ${line}\n`);
  };
  // A child outliving its parent would hold its port and files: it goes when we go, however we go.
  const killChild = () => child.kill('SIGTERM');
  process.once('exit', killChild);
  child.once('exit', () => process.off('exit', killChild));
  child.stdout?.on('data', forward(process.stdout));
  child.stderr?.on('data', forward(process.stderr));

  let seen = '';
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${options.script} did not start within ${options.timeoutMs} ms`)), options.timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found = options.ready.exec(seen);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${options.script} exited with code ${code} before it was ready`));
    });
  });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, match, stop };
}
