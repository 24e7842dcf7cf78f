// lodash's deep merges and path setters skip `__proto__`, `constructor` and `prototype` keys from 4.17.21 on
// (merge and defaultsDeep from 4.17.11/4.17.12, set, setWith and zipObjectDeep from 4.17.19 and 4.17.20): a
// project declaring such a version makes them no prototype-pollution sink. Older versions, and the same names
// bound to other merge packages, stay sinks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

const routes = `import express from 'express';
import * as _ from 'lodash';
import merge from 'lodash/merge';

const router = express.Router();
const defaults = { theme: 'light', layout: { columns: 2 } };

router.post('/settings', (req, res) => {
  const settings = merge(_.cloneDeep(defaults), req.body.settings);
  const patched = _.merge(_.cloneDeep(defaults), req.body.patch);
  _.set(patched, req.body.path, req.body.value);
  res.json({ settings, patched });
});

export default router;
`;

const packageJson = (lodash: string) => JSON.stringify({ name: 'settings-service', dependencies: { express: '^4.21.2', lodash } }, null, 2);

const pollution = async (lodash: string, source = routes) =>
  findingLines(await scanProject({ 'package.json': packageJson(lodash), 'src/routes/settings.ts': source }), 'PROTOTYPE_POLLUTION');

test('lodash merges and path setters are sinks only in a project on a lodash older than 4.17.21', async () => {
  assert.deepEqual(await pollution('4.17.4'), [9, 10, 11]);
  assert.deepEqual(await pollution('^4.17.15'), [9, 10, 11]);
  assert.deepEqual(await pollution('^4.17.21'), []);
  assert.deepEqual(await pollution('4.18.1'), []);
});

test('a merge function bound to another package stays a sink whatever lodash version the project has', async () => {
  const other = routes.replace("import merge from 'lodash/merge';", "import merge from 'merge';");
  assert.deepEqual(await pollution('^4.17.21', other), [9]);
});

test('a merge required from lodash is lodash\'s', async () => {
  const required = routes.replace("import merge from 'lodash/merge';", "const { merge } = require('lodash');");
  assert.deepEqual(await pollution('4.17.4', required), [9, 10, 11]);
  assert.deepEqual(await pollution('^4.17.21', required), []);
});
