import { readFileSync } from 'node:fs';

export interface ProcessMemory {
  pid: number;
  /** resident set size now, in MB */
  rssMb: number;
  /** the highest resident set size the process has had, in MB */
  peakMb: number;
  /**
   * proportional set size, in MB: pages shared with other processes (the Node binary both
   * processes map) count in part, so the PSS of two processes adds up to what they hold together
   */
  pssMb: number;
}

/** What the kernel says a process holds (Linux /proc): what an OOM killer and a 1 GB server see. */
export function processMemory(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  const pss = Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? Number.NaN);
  return { pid, rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024), pssMb: Math.round(pss / 1024) };
}

/** The storefront and the seller network it started (its only child process). */
export function setupMemory(storefrontPid: number): { storefront: ProcessMemory; network: ProcessMemory | null; totalMb: number; totalPssMb: number } {
  const children = readFileSync(`/proc/${storefrontPid}/task/${storefrontPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  const storefront = processMemory(storefrontPid);
  const network = children[0] ? processMemory(children[0]) : null;
  return { storefront, network, totalMb: storefront.rssMb + (network?.rssMb ?? 0), totalPssMb: storefront.pssMb + (network?.pssMb ?? 0) };
}
