// Repository URLs carry credentials (`https://user:token@host/…`, a token as the user
// name): they must not leave the machine as a label, reach a log, or be stored.

const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^/@\s]*)@/gi;

/**
 * The text with the credentials of every URL in it removed: `https://x:tok@host/r.git`
 * becomes `https://host/r.git`. The user name of an `ssh://git@host/…` URL (or an
 * scp-like `git@host:path`) names an SSH account, not a secret, and is kept.
 */
export function withoutCredentials(text: string): string {
  return text.replace(URL_USERINFO, (whole, scheme: string, userinfo: string) =>
    /^(ssh|git\+ssh|ssh\+git):\/\/$/i.test(scheme) && !userinfo.includes(':') ? whole : scheme,
  );
}
