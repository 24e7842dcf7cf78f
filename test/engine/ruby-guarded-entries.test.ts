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
