# Class-based views, viewsets and resources: parameters after `request` are the URL's captured values.
import os

from django.contrib.auth.decorators import login_required
from django.http import FileResponse
from django.views import View
from django.views.decorators.http import require_GET
from flask.views import MethodView
from flask_restful import Resource
from rest_framework import viewsets
from rest_framework.decorators import api_view
from rest_framework.response import Response

BASE = "/srv/exports"


class ExportView(View):
    def get(self, request, name):
        # ruleid: PATH_TRAVERSAL
        return FileResponse(open(os.path.join(BASE, name), "rb"))

    def post(self, request, pk):
        # ok: PATH_TRAVERSAL
        return FileResponse(open(os.path.join(BASE, "%s.csv" % pk), "rb"))


class ReportView(View):
    def get(self, request, *args, **kwargs):
        # ruleid: PATH_TRAVERSAL
        return FileResponse(open(os.path.join(BASE, self.kwargs["report"]), "rb"))


class AttachmentViewSet(viewsets.ViewSet):
    def retrieve(self, request, filename=None):
        # ruleid: PATH_TRAVERSAL
        return FileResponse(open(os.path.join(BASE, filename), "rb"))

    def destroy(self, request, attachment_id=None):
        # ok: PATH_TRAVERSAL
        os.remove(os.path.join(BASE, "%d.bin" % int(attachment_id)))
        return Response(status=204)


class DownloadAPI(MethodView):
    def get(self, path):
        # ruleid: PATH_TRAVERSAL
        return open(os.path.join(BASE, path)).read()


class LogResource(Resource):
    def delete(self, log_name):
        # ruleid: PATH_TRAVERSAL
        os.remove(os.path.join("/var/log/app", log_name))
        return {}, 204


# A class that is no view: its `get` reads the application's own cache.
class Cache:
    def get(self, key):
        # ok: PATH_TRAVERSAL
        return open(os.path.join("/var/cache/app", key)).read()


@login_required
def export(request, name):
    # ruleid: PATH_TRAVERSAL
    return FileResponse(open(os.path.join(BASE, name), "rb"))


@require_GET
def export_by_id(request, export_id):
    # ok: PATH_TRAVERSAL
    return FileResponse(open(os.path.join(BASE, "%s.csv" % export_id), "rb"))


@api_view(["GET"])
def raw_export(request, name):
    # ruleid: PATH_TRAVERSAL
    return FileResponse(open(BASE + "/" + name, "rb"))


# Not a view: a helper called with the application's own names.
def export_file(name):
    # ok: PATH_TRAVERSAL
    return open(os.path.join(BASE, name), "rb")
