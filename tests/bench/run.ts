// `npm run bench`: every benchmark in turn. Each prints its own figures.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const benches = (process.argv[2] ?? 'lighthouse').split(',');
for (const bench of benches) {
  const result = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(here, `${bench}.ts`)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
