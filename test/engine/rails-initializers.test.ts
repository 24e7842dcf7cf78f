// A Rails initializer sets a library up for the whole application: `Oj.default_options = { mode: :strict }` makes
// every Oj.load without its own mode parse plain JSON. It is read as framework configuration (project/manifests.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

const hooks = [
  'class HooksController < ApplicationController',
  '  def create',
  '    payload = Oj.load(request.raw_post)',
  '    forced = Oj.load(request.raw_post, mode: :object)',
  '    render json: [payload, forced]',
  '  end',
  'end',
].join('\n');

async function deserializations(files: Record<string, string>): Promise<number[]> {
  return findingLines(await scanProject({ 'app/controllers/hooks_controller.rb': hooks, ...files }), 'INSECURE_DESERIALIZATION');
}

test('Oj.load parses plain JSON where an initializer sets a safe default mode', async () => {
  assert.deepEqual(await deserializations({ 'config/initializers/oj.rb': 'Oj.default_options = { mode: :strict }\nOj.mimic_JSON\n' }), [4]);
  assert.deepEqual(await deserializations({ 'config/initializers/json.rb': 'Oj.default_options = { :mode => :compat }\n' }), [4]);
});

test('without such an initializer, or with object mode as the default, Oj.load stays a sink', async () => {
  assert.deepEqual(await deserializations({}), [3, 4]);
  assert.deepEqual(await deserializations({ 'config/initializers/oj.rb': 'Oj.default_options = { mode: :object }\n' }), [3, 4]);
  // Elsewhere than an initializer (a script, a spec helper) the setting does not hold for the application.
  assert.deepEqual(await deserializations({ 'script/bench.rb': 'Oj.default_options = { mode: :strict }\n' }), [3, 4]);
});
