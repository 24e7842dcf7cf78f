from django.db import connection
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.template import engines
from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.views import View
from django.views.decorators.http import require_GET
from rest_framework.decorators import api_view
from rest_framework.response import Response

from .models import Announcement, Note
from .search import notes_matching, notes_with_title


def search(request):
    q = request.GET.get("q", "")
    # ok: SQL_INJECTION
    notes = Note.objects.filter(title__icontains=q)
    # ok: XSS
    return render(request, "notes/search.html", {"q": q, "notes": notes})


def search_raw(request):
    q = request.GET["q"]
    rows = notes_matching(q)
    # ruleid: XSS
    return HttpResponse("<p>%d notes for %s</p>" % (len(rows), q))


def by_title(request):
    notes = notes_with_title(request.GET["title"])
    return render(request, "notes/search.html", {"q": request.GET["title"], "notes": notes})


def greeting(request):
    name = request.POST.get("name", "")
    # ok: XSS
    return HttpResponse(format_html("<p>Hello {}</p>", name))


def login_done(request):
    target = request.GET.get("next", "/")
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        # ok: OPEN_REDIRECT
        return HttpResponseRedirect(target)
    # ruleid: OPEN_REDIRECT
    return HttpResponseRedirect(target)


def note_detail(request, pk):
    note = get_object_or_404(Note, pk=pk)
    # ok: OPEN_REDIRECT
    return redirect(reverse("notes:detail", args=[note.pk]))


def export(request):
    filename = request.GET.get("filename", "notes.csv")
    response = HttpResponse("id,title\n", content_type="text/csv")
    # ruleid: HEADER_INJECTION
    response["Content-Disposition"] = "attachment; filename=" + filename
    return response


def render_snippet(request):
    source = request.POST["template"]
    # ruleid: TEMPLATE_INJECTION
    template = engines["django"].from_string(source)
    # ruleid: XSS
    return HttpResponse(template.render({}))


@require_GET
def by_tag(request, tag):
    with connection.cursor() as cursor:
        # ok: SQL_INJECTION
        cursor.execute("SELECT id FROM notes_note WHERE tag = %s", [tag])
        ids = [row[0] for row in cursor.fetchall()]
    return render(request, "notes/search.html", {"q": tag, "notes": Note.objects.filter(id__in=ids)})


class NoteView(View):
    def get(self, request, slug):
        # ruleid: XSS
        return HttpResponse("<h1>" + slug + "</h1>")


@api_view(["GET"])
def api_notes(request):
    order = request.query_params.get("order", "title")
    # ruleid: SQL_INJECTION
    notes = Note.objects.raw("SELECT * FROM notes_note ORDER BY " + order)
    # ok: XSS
    return Response({"titles": [n.title for n in notes]})


MEDIA_DIR = "/srv/notes/media"


def attach(request):
    upload = request.FILES["attachment"]
    # ruleid: PATH_TRAVERSAL, UNSAFE_FILE_UPLOAD
    with open(MEDIA_DIR + "/" + upload.name, "wb") as out:
        for chunk in upload.chunks():
            out.write(chunk)
    return redirect("notes:list")


def quick_note(request):
    # A record created from the request holds what it was given; one looked up is the database's.
    note = Note.objects.create(title=request.POST["title"], body="")
    # ruleid: XSS
    return HttpResponse("<h1>%s</h1>" % note.title)


def note_title(request):
    # Stored cross-site scripting: quick_note above stores a client's title in a Note, and this prints it unescaped.
    note = Note.objects.get(pk=request.GET["id"])
    # ruleid: XSS
    return HttpResponse("<h1>%s</h1>" % note.title)


def note_page(request, pk):
    note = Note.objects.filter(pk=pk).first()
    # ok: XSS
    return render(request, "notes/page.html", {"note": note})


def announcements(request):
    # Announcements are loaded by a management command (management/commands/load_announcements.py) that no view
    # imports: the operator's text, not a client's.
    items = Announcement.objects.all()
    # ok: XSS
    return HttpResponse("<ul>%s</ul>" % "".join("<li>%s</li>" % a.text for a in items))
