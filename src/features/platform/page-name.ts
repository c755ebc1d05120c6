/** SPEC §2.1 analytics page names: the first path segment plus `_page`; the home route is `home_page`. */
export function analyticsPageName(pathname: string): string {
  const first = pathname.split('/').find((segment) => segment !== '');
  return `${first ?? 'home'}_page`;
}
