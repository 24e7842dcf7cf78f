// A method a class inherits runs when it is called on `self` or on a value of the class, wherever the base is
// declared: in a file named for it, beside the class, or in a file the class's own file imports it from (a
// Python package's `handlers/base.py`, several levels up). The base's method is followed like any other:
// what it returns for the arguments is what the call gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

const orm = [
  'class User:',
  '    @classmethod',
  '    def find(cls, db, name):',
  '        return db.query(cls).filter(cls.name == name).first()',
].join('\n');

const baseHandler = [
  'from tornado import web',
  'from .. import orm',
  '',
  'class BaseHandler(web.RequestHandler):',
  '    def find_user(self, name):',
  '        return orm.User.find(self.db, name)',
  '',
  '    def echo_name(self, name):',
  '        return name',
].join('\n');

test('Python: a method inherited through two base classes in other packages is followed from self', async () => {
  const apiBase = ['from ..handlers.base import BaseHandler', '', 'class APIHandler(BaseHandler):', '    pass'].join('\n');
  const users = [
    'from .base import APIHandler',
    '',
    'class UserAPIHandler(APIHandler):',
    '    async def patch(self, user_name):',
    '        user = self.find_user(user_name)',
    '        self.log.info(f"updating {user.name}")',
    '',
    '    async def put(self, user_name):',
    '        self.log.info(f"updating {self.echo_name(user_name)}")',
  ].join('\n');
  const files = {
    'app/__init__.py': '',
    'app/orm.py': orm,
    'app/handlers/__init__.py': '',
    'app/handlers/base.py': baseHandler,
    'app/api/__init__.py': '',
    'app/api/base.py': apiBase,
    'app/api/users.py': users,
  };
  // The stored record found by the name is the database's; the name echoed back is still the request's.
  assert.deepEqual(findingLines(await scanProject(files), 'LOG_INJECTION'), [9]);
});

test('Python: a method a value’s class inherits from a base beside it is followed', async () => {
  const forms = [
    'from wtforms import Form',
    '',
    'class BasePanel(Form):',
    '    def extra(self):',
    '        return "<fieldset>{{ form.name }}</fieldset>"',
    '',
    '    def raw(self):',
    '        return self.data["template"]',
    '',
    'class Panel(BasePanel):',
    '    pass',
  ].join('\n');
  const views = [
    'from flask import Flask, request',
    'from jinja2 import Environment',
    'from app import forms',
    '',
    'app = Flask(__name__)',
    'env = Environment(autoescape=True)',
    '',
    '@app.post("/panel")',
    'def panel():',
    '    form = forms.Panel(formdata=request.form)',
    '    return env.from_string(form.extra()).render(form=form)',
    '',
    '@app.post("/raw")',
    'def raw():',
    '    return env.from_string(request.form["template"]).render()',
  ].join('\n');
  const found = findingLines(await scanProject({ 'app/__init__.py': '', 'app/forms.py': forms, 'app/views.py': views }), 'TEMPLATE_INJECTION');
  assert.deepEqual(found, [15]);
});

test('PHP: a method a value’s class inherits from a base class in its own file is followed', async () => {
  const common = ['<?php', 'class Common_functions {', '    public function site_title($get) { return htmlspecialchars($get["page"]); }', '    public function raw_title($get) { return $get["page"]; }', '}'].join('\n');
  const user = ['<?php', 'class User extends Common_functions {', '    public function __construct($db) { $this->db = $db; }', '}'].join('\n');
  const index = ['<?php', 'require "lib/User.php";', '$User = new User($db);', 'print $User->site_title($_GET);', 'print $User->raw_title($_GET);'].join('\n');
  const found = findingLines(await scanProject({ 'lib/Common_functions.php': common, 'lib/User.php': user, 'index.php': index }), 'XSS');
  assert.deepEqual(found, [5]);
});
