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

test('Python: a method inherited from a mixin is the mixin’s own, not an override in another class deriving from it', async () => {
  const mixins = [
    'from rest_framework.generics import GenericAPIView',
    '',
    'class PassUserMixin(GenericAPIView):',
    '    def get_serializer(self, *args, **kwargs):',
    '        kwargs.setdefault("user", self.request.user)',
    '        return super().get_serializer(*args, **kwargs)',
    '',
    'class DocumentViewSet(PassUserMixin):',
    '    def get_serializer(self, *args, **kwargs):',
    '        kwargs.setdefault("fields", self.request.query_params.get("fields"))',
    '        return super().get_serializer(*args, **kwargs)',
  ].join('\n');
  const mail = [
    'import logging',
    'from rest_framework.viewsets import ModelViewSet',
    'from documents.views import PassUserMixin',
    '',
    'logger = logging.getLogger(__name__)',
    '',
    'class MailAccountViewSet(PassUserMixin, ModelViewSet):',
    '    def test(self, request):',
    '        serializer = self.get_serializer(data={"name": "fixed"})',
    '        logger.error(f"testing {serializer}")',
  ].join('\n');
  const files = { 'documents/__init__.py': '', 'documents/views.py': mixins, 'mail/__init__.py': '', 'mail/views.py': mail };
  assert.deepEqual(findingLines(await scanProject(files), 'LOG_INJECTION'), []);
});
