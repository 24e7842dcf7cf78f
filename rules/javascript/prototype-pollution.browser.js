/* global $ */
// Browser code: the page URL and the cookie jar are sources here.

// jQuery's deep extend (`$.extend(true, target, …sources)`) walks the sources into the target.
export function restoreState(grid) {
  const saved = JSON.parse(decodeURIComponent(window.location.hash.slice(1)));
  // ruleid: PROTOTYPE_POLLUTION
  $.extend(true, grid.state, saved);
}

// The page URL as a string value of the target: a string carries no keys to walk.
export function readPage(grid, filters) {
  // ok: PROTOTYPE_POLLUTION
  const command = $.extend(true, {}, grid.command, { path: location.pathname + location.search });
  // ok: PROTOTYPE_POLLUTION
  $.extend(true, command, filters);
  // Without `true` the copy is shallow: each key becomes an own property of the target.
  const shallow = JSON.parse(decodeURIComponent(location.search.slice(1)));
  // ok: PROTOTYPE_POLLUTION
  $.extend(grid.options, shallow);
  return command;
}

// document.cookie split one level deep into a fresh object.
export function getCookies() {
  const ret = {};
  const tmp = document.cookie.split(';');
  for (const i in tmp) {
    const s = tmp[i].split('=');
    if (s.length > 1) {
      // ok: PROTOTYPE_POLLUTION
      ret[$.trim(s[0].toString())] = decodeURIComponent($.trim(s[1].toString())) || '';
    }
  }
  return ret;
}
