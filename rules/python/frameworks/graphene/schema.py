import os
import subprocess

import graphene
from sqlalchemy import text

from helpers import run_cmd, save_file
from models import Paste, db


class PasteObject(graphene.ObjectType):
    title = graphene.String()
    content = graphene.String()


class Query(graphene.ObjectType):
    pastes = graphene.List(PasteObject, filter=graphene.String())
    diagnostics = graphene.String(cmd=graphene.String())
    paste = graphene.Field(PasteObject, pid=graphene.Int())

    def resolve_pastes(self, info, filter=None):
        query = Paste.query
        if filter:
            # ruleid: SQL_INJECTION
            query = query.filter(text("title = '%s'" % filter))
        return query.all()

    def resolve_diagnostics(root, info, cmd="whoami"):
        # A helper in another file runs it.
        return run_cmd(cmd)

    def resolve_paste(root, info, pid: int):
        # ok: SQL_INJECTION
        return db.session.execute(text("SELECT * FROM pastes WHERE id = %d" % pid)).first()

    def resolve_health(root, info):
        # ok: COMMAND_INJECTION
        return subprocess.check_output("uptime", shell=True)


class UploadPaste(graphene.Mutation):
    class Arguments:
        filename = graphene.String(required=True)
        content = graphene.String(required=True)

    ok = graphene.Boolean()

    def mutate(root, info, filename, content):
        save_file(filename, content)
        return UploadPaste(ok=True)


class ImportPaste(graphene.relay.ClientIDMutation):
    class Input:
        url = graphene.String(required=True)

    result = graphene.String()

    @classmethod
    def mutate_and_get_payload(cls, root, info, url):
        # ruleid: COMMAND_INJECTION
        out = os.popen("curl --insecure " + url).read()
        return ImportPaste(result=out)


class BaseMutation(graphene.Mutation):
    class Arguments:
        pass


class Mutations(graphene.ObjectType):
    upload_paste = UploadPaste.Field()
    import_paste = ImportPaste.Field()


class Formatter:
    # Not a schema type: a method of the same name elsewhere takes the caller's values.
    def resolve_path(self, info, name):
        # ok: PATH_TRAVERSAL
        return open("/srv/templates/" + name).read()


schema = graphene.Schema(query=Query, mutation=Mutations)
