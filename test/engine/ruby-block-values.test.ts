// Ruby: a branch of an `if`, a `begin … end` block and `( … )` give the value of their last expression, as a
// method body does. A statement before it (`cookies.delete(:origin)`, whose result is thrown away) gives the
// block nothing, however tainted its own result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

const controller = (origin: string) =>
  [
    'class CallbacksController < ApplicationController',
    '  def failure',
    '    redirect_to(oauth_error_url(host: origin[:fqdn]), allow_other_host: true)',
    '  end',
    '',
    '  private',
    '',
    '  def origin',
    origin,
    '  end',
    'end',
  ].join('\n');

async function redirects(origin: string): Promise<number[]> {
  return findingLines(await scanProject({ 'app/controllers/callbacks_controller.rb': controller(origin) }), 'OPEN_REDIRECT');
}

test('a branch of an if gives its last expression: a deleted cookie before it is not the value', async () => {
  const origin = [
    '    @origin ||=',
    '      begin',
    '        raw = cookies.signed[:origin]',
    '        if raw.present?',
    '          cookies.delete :origin',
    '          JSON.parse(raw, symbolize_names: true)',
    '        end',
    '      end',
  ].join('\n');
  assert.deepEqual(await redirects(origin), []);
});

test('a begin block gives its last expression, and a rescue clause its own', async () => {
  const clean = ['    begin', '      cookies.delete :origin', '      JSON.parse(cookies.signed[:origin])', '    end'].join('\n');
  assert.deepEqual(await redirects(clean), []);
  const rescued = ['    begin', '      JSON.parse(cookies.signed[:origin])', '    rescue JSON::ParserError', '      JSON.parse(cookies[:origin])', '    end'].join('\n');
  assert.deepEqual(await redirects(rescued), [3]);
});

test('the last expression of a branch still carries the request data it holds', async () => {
  const origin = ['    if cookies[:origin].present?', '      cookies.signed[:seen] = true', '      JSON.parse(cookies[:origin])', '    end'].join('\n');
  assert.deepEqual(await redirects(origin), [3]);
});
