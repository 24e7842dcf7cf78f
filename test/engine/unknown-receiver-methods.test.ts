// A method called on a value the code says nothing about (a parameter, an element of a field's dict) is not
// resolved by its name to a method of a class in the file: nothing says the value is of that class. Bound so,
// `json_data.get('k')` in a validation helper ran a request handler's `get(self, uuid)` with `self` bound to the
// request body, and every field that handler read through `self` was taken for request data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

test('Python: a dict method of a parameter is no handler method of the file', async () => {
  const api = [
    'import os',
    'from flask import request, send_file',
    'from flask_restful import Resource',
    '',
    '',
    'def interval_error(body):',
    "    if body.get('use_default', True):",
    '        return None',
    "    return 'an interval is required'",
    '',
    '',
    'class ItemUpdate(Resource):',
    '    def put(self, uuid):',
    '        error = interval_error(request.json)',
    '        return error or "OK"',
    '',
    '',
    'class ItemIcon(Resource):',
    '    def get(self, uuid):',
    "        item = self.store.data['items'].get(uuid)",
    '        if not item:',
    '            return "missing", 404',
    '        return send_file(os.path.join(item.folder, "icon.png"))',
    '',
    '',
    'class ItemFile(Resource):',
    '    def get(self, uuid):',
    "        return send_file(os.path.join('/srv/files', request.args['name']))",
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'app/api/items.py': api }), 'PATH_TRAVERSAL'), [28]);
});

test('Python: a method of a value the code constructs is still the method of its class', async () => {
  const api = [
    'import os',
    'from flask import Flask, request',
    '',
    'app = Flask(__name__)',
    '',
    '',
    'class Loader:',
    '    def get(self, name):',
    "        return open(os.path.join('/srv/files', name)).read()",
    '',
    '',
    "@app.get('/files')",
    'def files():',
    '    loader = Loader()',
    "    return loader.get(request.args['name'])",
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'app/files.py': api }), 'PATH_TRAVERSAL'), [9]);
});

test('Python: a collaborator the class holds runs the method of that name of another class of the file', async () => {
  const auth = [
    'from tornado.web import RequestHandler',
    '',
    '',
    'class OAuthClient:',
    '    def __init__(self):',
    '        self.states = {}',
    '',
    '    def next_url(self, state_id):',
    "        return self.states.get(state_id, {}).get('next_url') or '/'",
    '',
    '',
    'class CallbackHandler(RequestHandler):',
    '    def initialize(self, client):',
    '        self.client = client',
    '',
    '    def get(self):',
    "        state = self.get_argument('state')",
    '        self.redirect(self.client.next_url(state))',
    '',
    '',
    'class LogoutHandler(RequestHandler):',
    '    def get(self):',
    "        self.redirect(self.get_argument('next'))",
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'app/auth.py': auth }), 'OPEN_REDIRECT'), [23]);
});

test('Python: a method that cannot take the call\'s arguments is not the one a collaborator runs', async () => {
  const api = [
    'import os',
    'from flask import request, send_file',
    'from flask_restful import Resource',
    '',
    '',
    'class Icon(Resource):',
    '    def get(self, uuid):',
    '        return send_file(os.path.join(self.folder, "icon.png"))',
    '',
    '',
    'class Search(Resource):',
    '    def post(self):',
    '        self.body = request.json',
    "        limit = self.body.get('limit', 20)",
    '        return {"limit": limit}',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'app/api/icons.py': api }), 'PATH_TRAVERSAL'), []);
});

test('Python: a method of a value of unknown class is no module-level function of the file', async () => {
  const views = [
    'from flask import Flask, redirect, render_template, request',
    'from .saml import make_auth',
    '',
    'app = Flask(__name__)',
    '',
    '',
    '@app.route("/login", methods=["POST"])',
    'def login():',
    '    return render_template("login.html", username=request.form["username"])',
    '',
    '',
    '@app.route("/sso")',
    'def sso():',
    '    auth = make_auth(request)',
    '    return redirect(auth.login(return_to="/"))',
    '',
    '',
    '@app.route("/next")',
    'def after():',
    '    return redirect(login())',
  ].join('\n');
  const saml = ['from onelogin.saml2.auth import OneLogin_Saml2_Auth', '', '', 'def make_auth(req):', '    return OneLogin_Saml2_Auth(req, custom_base_path="/etc/saml")', ''].join('\n');
  // The bare call still runs the module's function, whose result carries the form's username.
  assert.deepEqual(findingLines(await scanProject({ 'sso/views.py': views, 'sso/saml.py': saml }), 'OPEN_REDIRECT'), [20]);
});

test('PHP: $client->fetch() of an unknown object is no call of the file’s function fetch()', async () => {
  const page = [
    '<?php',
    'function fetch($url) {',
    '    return file_get_contents($url);',
    '}',
    '$client = make_client();',
    '$client->fetch($_GET["u"]);',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'web/proxy.php': page }), 'SSRF'), []);
});
