// A dedicated worker's script (`new Worker('./sandbox.worker.js')`). Its global scope is `self`: the only messages
// its `message` event delivers are the ones the page that started it posts (a service worker's come from the pages
// of its own origin), so they are that page's data, not another site's.

function runInSandbox(script, env) {
  const pw = { env };
  // ok: CODE_INJECTION
  const run = new Function('pw', script);
  run(pw);
  return pw.env;
}

self.addEventListener('message', (event) => {
  const { script, env } = event.data;
  self.postMessage({ env: runInSandbox(script, env) });
});

self.onmessage = (e) => {
  // ok: CODE_INJECTION
  const test = new Function('expect', e.data.testScript);
  self.postMessage({ ok: test(() => true) });
};

// The window's own `message` event is another site's to send.
window.addEventListener('message', (e) => {
  // ruleid: CODE_INJECTION
  new Function(e.data.code)();
});
