import os
import stat
from pathlib import Path


def prepare(path):
    # ruleid: INSECURE_PERMISSIONS
    os.makedirs(path, mode=0o777, exist_ok=True)
    # ruleid: INSECURE_PERMISSIONS
    os.chmod(path + "/shared.txt", 0o666)
    # ruleid: INSECURE_PERMISSIONS
    os.chmod(path + "/run.sh", stat.S_IRWXU | stat.S_IRWXO)
    # ok: INSECURE_PERMISSIONS
    os.chmod(path + "/private.txt", 0o600)
    # ok: INSECURE_PERMISSIONS
    Path(path, "cache").mkdir(mode=0o755, exist_ok=True)
    # ruleid: INSECURE_PERMISSIONS
    os.makedirs(
        os.path.join(path, "spool", "incoming"),
        mode=0o777,
    )


def create(path):
    # ok: INSECURE_PERMISSIONS
    return os.open(path, os.O_CREAT | os.O_WRONLY, 0o666)


def start_worker():
    # ruleid: INSECURE_PERMISSIONS
    os.umask(0)
    # ok: INSECURE_PERMISSIONS
    os.umask(0o022)


def current_umask():
    # The umask is read by setting it and putting it back at once.
    # ok: INSECURE_PERMISSIONS
    mask = os.umask(0)
    os.umask(mask)
    return mask


def run_unmasked(job):
    # ruleid: INSECURE_PERMISSIONS
    previous = os.umask(0)
    job()
    os.umask(previous)
