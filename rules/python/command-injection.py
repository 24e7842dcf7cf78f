import os
import shlex
import subprocess

from fastapi import FastAPI, Request
from flask import Blueprint, request

bp = Blueprint("tools", __name__)
api = FastAPI()


def run_git(args):
    # ruleid: COMMAND_INJECTION
    return subprocess.check_output("git " + args, shell=True)


@bp.get("/tools/archive")
def archive():
    name = request.args.get("name", "backup")
    # ruleid: COMMAND_INJECTION
    os.system(f"tar czf /tmp/{name}.tgz /srv/data")
    # ruleid: COMMAND_INJECTION
    listing = os.popen("ls -l /srv/data/%s" % name).read()
    # ok: COMMAND_INJECTION
    subprocess.run(["tar", "czf", f"/tmp/{name}.tgz", "/srv/data"], check=True)
    # ok: COMMAND_INJECTION
    subprocess.run("tar czf /tmp/" + shlex.quote(name) + ".tgz /srv/data", shell=True, check=True)
    cmd = "du -sh /srv/data/" + name
    # ruleid: COMMAND_INJECTION
    subprocess.Popen(["/bin/sh", "-c", cmd])
    # ok: COMMAND_INJECTION
    subprocess.call("du -sh /srv/data", shell=True)
    return {"listing": listing, "log": run_git("log -n 5 --author=" + request.args.get("author", ""))}



@api.post("/tools/ping")
async def ping(request: Request):
    body = await request.json()
    # ruleid: COMMAND_INJECTION
    os.system("ping -c 1 " + body["host"])
    # ruleid: COMMAND_INJECTION
    subprocess.run("dig " + request.query_params["name"], shell=True)
    # ok: COMMAND_INJECTION
    subprocess.run(["dig", request.query_params["name"]])
    return {"ok": True}


@bp.post("/tools/convert")
def convert():
    target = request.form["target"]
    # ruleid: COMMAND_INJECTION
    subprocess.run(args=f"convert /srv/in.png {target}", shell=True, check=True)
    # ruleid: COMMAND_INJECTION
    proc = subprocess.Popen(args=["bash", "-c", "convert /srv/in.png " + target], stdout=subprocess.PIPE)
    # ok: COMMAND_INJECTION
    subprocess.run(args=["convert", "/srv/in.png", target], check=True)
    # ok: COMMAND_INJECTION
    subprocess.run(args="convert /srv/in.png /srv/out.jpg", shell=True, check=True)
    return {"out": proc.communicate()[0].decode()}
