// A source read by constant arguments (`request.args.get("next")`, `request.getParameter("next")`) that a condition
// checked is read clean when the branch reads the same call again, as it is when the value was first put in a
// name; the same call with another argument is another value and stays untrusted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanSourceFiles, loadRuleSet } from '../../src/engine/index.ts';

const rules = loadRuleSet();

async function redirects(files: Record<string, string>): Promise<number[]> {
  const sources = Object.entries(files).map(([p, text]) => ({ path: p, content: Buffer.from(text) }));
  const { findings } = await scanSourceFiles(sources, { rules, jobs: 1, cacheDir: null });
  return findings.filter((f) => f.type === 'OPEN_REDIRECT').map((f) => f.line).sort((a, b) => a - b);
}

const validators = [
  'from urllib.parse import urlparse, urljoin',
  'from flask import request',
  '',
  'def is_safe_url(target):',
  '    ref_url = urlparse(request.host_url)',
  '    test_url = urlparse(urljoin(request.host_url, target))',
  '    return test_url.scheme in ("http", "https") and ref_url.netloc == test_url.netloc',
  '',
].join('\n');

const views = [
  'from flask import Flask, request, redirect, url_for',
  'from .validators import is_safe_url',
  'app = Flask(__name__)',
  '',
  '@app.route("/a")',
  'def a():',
  '    if request.args.get("next") and is_safe_url(request.args.get("next")):',
  '        return redirect(request.args.get("next"))',
  '    return redirect(url_for("index"))',
  '',
  '@app.route("/c")',
  'def c():',
  '    if is_safe_url(request.args.get("next")):',
  '        return redirect(request.args.get("other"))',
  '    return redirect(url_for("index"))',
  '',
].join('\n');

test('Python: the checked request.args.get("next") read again in the passed branch is clean; another key is not', async () => {
  assert.deepEqual(await redirects({ 'app/__init__.py': '', 'app/validators.py': validators, 'app/views.py': views }), [14]);
});

const servlet = [
  'package app.web;',
  'import javax.servlet.http.*;',
  'public class LoginServlet extends HttpServlet {',
  '  private static boolean isLocal(String url) {',
  '    return url != null && url.startsWith("/") && !url.startsWith("//") && !url.contains("\\\\");',
  '  }',
  '  protected void doGet(HttpServletRequest request, HttpServletResponse response) throws java.io.IOException {',
  '    if (isLocal(request.getParameter("next"))) {',
  '      response.sendRedirect(request.getParameter("next"));',
  '    }',
  '    if (isLocal(request.getParameter("next"))) {',
  '      response.sendRedirect(request.getParameter("back"));',
  '    }',
  '  }',
  '}',
  '',
].join('\n');

test('Java: the checked request.getParameter("next") read again in the passed branch is clean; another name is not', async () => {
  assert.deepEqual(await redirects({ 'src/main/java/app/web/LoginServlet.java': servlet }), [12]);
});
