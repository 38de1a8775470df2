/** Where /login sends a user back to once signed in (`?redirect=`): a whole address of this console. */

/** An address of this console to return to ('/remote-control?sn=X'), or undefined for anything else. */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/')) return undefined;
  // '//host' and '/\host' are addresses of another site to a browser
  if (value.startsWith('//') || value.includes('\\')) return undefined;
  return value;
}

/** The sign-in address that comes back to this location, path, query and fragment alike. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const target = `${location.pathname}${location.search}${location.hash}`;
  return target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}
