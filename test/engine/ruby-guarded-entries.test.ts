// Ruby: a check on an entry of what a method of the controller returns (`comment_params[:kind]`, its strong
// parameters) holds where the branch reads that entry again; another entry, or a read outside the branch, does not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

const controller = (body: string) =>
  [
    'class WidgetsController < ApplicationController',
    '  def widget_class',
    body,
    '  end',
    '',
    '  private',
    '',
    '  def widget_params',
    '    params.require(:widget).permit(:kind, :other)',
    '  end',
    'end',
  ].join('\n');

async function reflections(body: string): Promise<number[]> {
  return findingLines(await scanProject({ 'app/controllers/widgets_controller.rb': controller(body) }), 'UNSAFE_REFLECTION');
}

test('an allow-list check on a strong-parameters entry holds for that entry in the branch', async () => {
  const body = ['    if KINDS.include?(widget_params[:kind])', '      widget_params[:kind].constantize', '    end'].join('\n');
  assert.deepEqual(await reflections(body), []);
});

test('another entry, or the entry read without the check, stays untrusted', async () => {
  const other = ['    if KINDS.include?(widget_params[:other])', '      widget_params[:kind].constantize', '    end'].join('\n');
  assert.deepEqual(await reflections(other), [4]);
  assert.deepEqual(await reflections('    widget_params[:kind].constantize'), [3]);
});

test('a method called on a checked request entry reads the checked value, not the request again', async () => {
  // `classify` of the checked entry, in a branch or after a guard clause that leaves.
  const branch = ['    if KINDS.include?(params[:kind].classify)', '      params[:kind].classify.constantize', '    end'].join('\n');
  assert.deepEqual(await reflections(branch), []);
  const clause = ['    raise ArgumentError unless KINDS.include?(params[:kind].classify)', '    params[:kind].classify.constantize'].join('\n');
  assert.deepEqual(await reflections(clause), []);
  // Another entry, and the same entry after the branch, stay untrusted.
  const other = ['    if KINDS.include?(params[:kind].classify)', '      params[:other].classify.constantize', '    end', '    params[:kind].classify.constantize'].join('\n');
  assert.deepEqual(await reflections(other), [4, 6]);
});
