from .models import Note


def notes_matching(text):
    # ruleid: SQL_INJECTION
    return list(Note.objects.raw("SELECT * FROM notes_note WHERE body LIKE '%%" + text + "%%'"))


def notes_with_title(text):
    # ok: SQL_INJECTION
    return list(Note.objects.raw("SELECT * FROM notes_note WHERE title = %s", [text]))
