// One storefront at a time owns a data dir's embedded parts (issue 14, crash-only): its PGlite
// files and its seller network. A second `npm start` on the same DATA_DIR would open PostgreSQL's
// files under a live one, and take the live one's network for a stale one and stop it.
//
// The claim is an abstract Unix socket (Linux): the kernel drops it the moment its process dies,
// kill -9 included, so a crash never leaves a stale lock for the next start to clean up. Whoever
// asks the socket learns the owner's pid and address, for a refusal an operator can act on.
import { createHash } from 'node:crypto';
import { createConnection, createServer } from 'node:net';

/** A start that cannot go on for a reason the operator can fix: printed as it is, without a stack. */
export class StartRefused extends Error {}

export interface DataDirClaim {
  /** Tells later starts where this storefront answers, once it listens. */
  announce(url: string): void;
  release(): Promise<void>;
}

const socketName = (dataDir: string) => `\0kirana-storefront-${createHash('sha256').update(dataDir).digest('hex').slice(0, 32)}`;

export async function claimDataDir(dataDir: string): Promise<DataDirClaim> {
  // Abstract sockets are Linux's: elsewhere (a developer's Mac) nothing is claimed.
  if (process.platform !== 'linux') return { announce: () => {}, release: async () => {} };
  let url = '';
  const server = createServer((socket) => socket.end(JSON.stringify({ pid: process.pid, url })));
  server.unref();
  const name = socketName(dataDir);
  const taken = await new Promise<boolean>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(true) : reject(error)));
    server.listen(name, () => resolve(false));
  });
  if (taken) throw new StartRefused(await describeOwner(name, dataDir));
  return {
    announce: (at) => {
      url = at;
    },
    release: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function describeOwner(name: string, dataDir: string): Promise<string> {
  const owner = await new Promise<{ pid?: number; url?: string }>((resolve) => {
    let answer = '';
    const socket = createConnection(name);
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => {
      try {
        resolve(JSON.parse(answer) as { pid?: number; url?: string });
      } catch {
        resolve({});
      }
    });
    socket.on('error', () => resolve({}));
  });
  const who = owner.pid ? `pid ${owner.pid}${owner.url ? `, ${owner.url}` : ', starting'}` : 'it did not say its pid';
  const stop = owner.pid ? `Stop it first (kill ${owner.pid})` : 'Stop it first';
  return `Another Kirana storefront (${who}) is running on the data dir ${dataDir}. ${stop}, or give this one its own DATA_DIR.`;
}
