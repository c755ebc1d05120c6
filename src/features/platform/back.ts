/** Where the back action goes. SPEC §2.1: home when leaving a provider page or when there is no
 * earlier page in this tab's history; otherwise one step back. */
export type BackTarget = { kind: 'home'; href: '/' } | { kind: 'history' };

const PROVIDER_PAGES = new Set(['/brand', '/brand-new']);

export function backTarget(originPath: string, historyLength: number): BackTarget {
  if (PROVIDER_PAGES.has(stripTrailingSlash(originPath)) || historyLength <= 1) {
    return { kind: 'home', href: '/' };
  }
  return { kind: 'history' };
}

function stripTrailingSlash(path: string) {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
