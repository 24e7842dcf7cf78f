const express = require('express');
const jsesc = require('jsesc');

const router = express.Router();

// A popup's closing page posts the result to the window that opened it; the values go into a script.
const closingPage = (result, opener) => `<!doctype html>
<html><body><script>
  window.opener.postMessage(${result}, ${opener});
  window.close();
</script></body></html>`;

// jsesc for a script context escapes `</script` and `<!--`, and the quotes with json: a literal that stays one.
router.get('/oauth/done', (req, res) => {
  const result = { error: String(req.query.error || '') };
  // ok: XSS
  res.send(closingPage(jsesc(result, { isScriptContext: true, json: true }), jsesc(String(req.query.origin), { isScriptContext: true, json: true })));
});

// Without it a `</script>` in the value closes the element.
router.get('/oauth/failed', (req, res) => {
  const result = { error: String(req.query.error || '') };
  // ruleid: XSS
  res.send(closingPage(jsesc(result, { json: true }), '"*"'));
});

module.exports = router;
