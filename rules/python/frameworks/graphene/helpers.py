import os

UPLOAD_DIR = "pastes/"


def run_cmd(cmd):
    # ruleid: COMMAND_INJECTION
    return os.popen(cmd).read()


def save_file(filename, text):
    # ruleid: PATH_TRAVERSAL
    with open(UPLOAD_DIR + filename, "w") as f:
        f.write(text)
