// `self.m()` runs the method of the class around the call, or an override in a class deriving from it:
// not a method of the same name that an unrelated class of the file declares (Django class-based views
// kept side by side, each with its own `get_success_url`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findingLines, scanProject } from '../helpers/scan-project.ts';

test('Python: a sibling class’s method of the same name is not what self.m() runs', async () => {
  const views = [
    'from django.http import HttpResponseRedirect',
    'from django.views.generic import DetailView',
    '',
    'class ArchiveView(DetailView):',
    '    def done_url(self):',
    '        return "/items/"',
    '',
    '    def get(self, request, *args, **kwargs):',
    '        return HttpResponseRedirect(self.done_url())',
    '',
    'class PublishView(DetailView):',
    '    def done_url(self):',
    '        return self.request.GET["next"]',
    '',
    '    def get(self, request, *args, **kwargs):',
    '        return HttpResponseRedirect(self.done_url())',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'shop/views.py': views }), 'OPEN_REDIRECT'), [16]);
});

test('Python: an override in a class deriving from the caller’s still runs', async () => {
  const views = [
    'from django.http import HttpResponseRedirect',
    'from django.views.generic import View',
    '',
    'class FormFlow(View):',
    '    def done_url(self):',
    '        return "/"',
    '',
    '    def post(self, request, *args, **kwargs):',
    '        return HttpResponseRedirect(self.done_url())',
    '',
    'class Unrelated(View):',
    '    def done_url(self):',
    '        return "/other/"',
    '',
    'class ReturnFlow(FormFlow):',
    '    pass',
    '',
    'class NextFlow(ReturnFlow):',
    '    def done_url(self):',
    '        return self.request.GET["next"]',
  ].join('\n');
  assert.deepEqual(findingLines(await scanProject({ 'shop/views.py': views }), 'OPEN_REDIRECT'), [9]);
});
