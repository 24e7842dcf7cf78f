// A boolean literal a call passes (`permanentAvatar(url, false)`) answers the callee's checks of that parameter in
// that call (constants.ts, Scope.flags): the branch it never takes is not walked there, and a call with the other
// value is analysed on its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

const avatar = (caller: string) =>
  [
    'package object',
    '',
    'import (',
    '\t"io"',
    '\t"net/http"',
    ')',
    '',
    'type User struct {',
    '\tAvatar string',
    '}',
    '',
    'func download(url string) ([]byte, error) {',
    '\tresp, err := http.Get(url)',
    '\tif err != nil {',
    '\t\treturn nil, err',
    '\t}',
    '\tdefer resp.Body.Close()',
    '\treturn io.ReadAll(resp.Body)',
    '}',
    '',
    'func permanentAvatar(url string, upload bool) string {',
    '\tif upload {',
    '\t\tdownload(url)',
    '\t}',
    '\treturn "/avatars/" + url',
    '}',
    '',
    caller,
  ].join('\n');

const handler = [
  'package object',
  '',
  'import (',
  '\t"encoding/json"',
  '\t"net/http"',
  ')',
  '',
  'func Update(w http.ResponseWriter, r *http.Request) {',
  '\tvar user User',
  '\tjson.NewDecoder(r.Body).Decode(&user)',
  '\tUpdateUser(&user)',
  '}',
].join('\n');

test('Go: a helper called with its upload flag false does not download; called with true it does', async () => {
  const off = avatar('func UpdateUser(user *User) string {\n\treturn permanentAvatar(user.Avatar, false)\n}\n');
  const on = avatar('func UpdateUser(user *User) string {\n\treturn permanentAvatar(user.Avatar, true)\n}\n');
  assert.deepEqual(findingLines(await scanProject({ 'go.mod': 'module example.com/a\n\ngo 1.21\n', 'object/avatar.go': off, 'object/user.go': handler }), 'SSRF'), []);
  assert.deepEqual(findingLines(await scanProject({ 'go.mod': 'module example.com/a\n\ngo 1.21\n', 'object/avatar.go': on, 'object/user.go': handler }), 'SSRF'), [13]);
});

test('Python: a keyword flag given False skips the branch it guards; a name written in the function is not read as one', async () => {
  const views = [
    'import requests',
    'from flask import Flask, request',
    '',
    'app = Flask(__name__)',
    '',
    '',
    'def fetch_preview(url, follow):',
    '    if follow:',
    '        return requests.get(url).text',
    '    return url',
    '',
    '',
    'def fetch_again(url, follow):',
    '    follow = not follow',
    '    if follow:',
    '        return requests.get(url).text',
    '    return url',
    '',
    '',
    '@app.route("/preview")',
    'def preview():',
    '    first = fetch_preview(request.args["u"], follow=False)',
    '    second = fetch_again(request.args["u"], False)',
    '    return first + second',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'app/views.py': views }), 'SSRF'), [16]);
});

test('PHP: a flag parameter with a default is answered by the literal the call passes, in any case (FALSE, False)', async () => {
  const page = [
    '<?php',
    'function add_row($db, $name, $vuln = False) {',
    '  if ($vuln) { $q = "INSERT INTO t VALUES (\'" . $name . "\')"; }',
    '  else { $q = "INSERT INTO t VALUES (\'" . mysqli_real_escape_string($db, $name) . "\')"; }',
    '  return mysqli_query($db, $q);',
    '}',
    'function add_note($db, $text, $vuln = FALSE) {',
    '  if ($vuln) { $q = "INSERT INTO n VALUES (\'" . $text . "\')"; }',
    '  else { $q = "INSERT INTO n VALUES (\'" . mysqli_real_escape_string($db, $text) . "\')"; }',
    '  return mysqli_query($db, $q);',
    '}',
    '$db = mysqli_connect("localhost", "app", getenv("DB_PASSWORD"), "app");',
    'add_row($db, $_POST["name"], FALSE);',
    'add_note($db, $_POST["text"], TRUE);',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'guestbook.php': page }), 'SQL_INJECTION'), [10]);
});
