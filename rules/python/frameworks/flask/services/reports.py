import os

REPORT_DIR = "/srv/notes/reports"


def report_path(name):
    return os.path.join(REPORT_DIR, name)


def save_upload(upload):
    # ruleid: PATH_TRAVERSAL, UNSAFE_FILE_UPLOAD
    upload.save(os.path.join(REPORT_DIR, upload.filename))


def save_avatar(upload, user_id):
    # ok: PATH_TRAVERSAL
    upload.save(os.path.join(REPORT_DIR, "avatar-%d.png" % user_id))
