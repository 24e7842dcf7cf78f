// A node:http server's own redirect helper: a 3xx answer with a Location header. Browsers follow the
// Location and never render the body, which is only there for clients that do not follow it.
const http = require('node:http');
const url = require('node:url');

const redirect = (res, whereTo) => {
  // The redirect itself is the finding when the target comes from the request.
  // ruleid: OPEN_REDIRECT
  res.writeHead(302, { Location: whereTo });
  const content = '<html><body>Redirecting to <a href="' + whereTo + '">' + whereTo + '</a></body></html>';
  // ok: XSS
  res.end(content, 'utf-8');
};

// A page that answers 200 in one branch and redirects in the other renders what it writes.
function greetOrRedirect(req, res) {
  const { query } = url.parse(req.url, true);
  if (!query.name) {
    res.writeHead(302, { Location: '/' });
    res.end();
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/html' });
  // ruleid: XSS
  res.end('<p>Hello ' + query.name + '</p>');
}

http
  .createServer((req, res) => {
    const { query } = url.parse(req.url, true);
    if (query.next) return redirect(res, query.next);
    return greetOrRedirect(req, res);
  })
  .listen(8080);
