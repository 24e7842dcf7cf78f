from flask import Flask, request

from .policies import policy_for_model

app = Flask(__name__)
TABS = {"orders", "invoices"}
MODELS = {"page": "Page", "image": "Image"}


class Tabs:
    def orders(self):
        return []


@app.get("/tab/<tab>")
def tab(tab):
    # ruleid: UNSAFE_REFLECTION
    rows = getattr(Tabs(), tab)()
    if tab not in TABS:
        return {"error": "unknown tab"}, 404
    # ok: UNSAFE_REFLECTION
    return {"rows": rows, "same": getattr(Tabs(), tab)()}


class OrderActions:
    def do_cancel(self, order):
        order.cancel()

    # The submitted action picks one of the do_* methods, the dispatch table the class declares.
    def post(self, request, order):
        method_name = "do_%s" % request.POST["action"].lower()
        if hasattr(self, method_name):
            # ok: UNSAFE_REFLECTION
            getattr(self, method_name)(order)
        # ok: UNSAFE_REFLECTION
        getattr(self, f"do_{request.POST['action']}")(order)
        # ok: UNSAFE_REFLECTION
        getattr(self, "do_" + request.POST["action"])(order)
        # ruleid: UNSAFE_REFLECTION
        getattr(self, "_" + request.POST["action"])(order)
        # ruleid: UNSAFE_REFLECTION
        getattr(self, "%s_action" % request.POST["action"])(order)


class Permissions:
    cache_name = "_page_permissions"

    def __init__(self, model):
        self.model = model

    def cached(self, user):
        # The attribute is the class's own name; the model the request picked does not choose it.
        # ok: UNSAFE_REFLECTION
        return getattr(user, self.cache_name, None)


@app.get("/pages")
def pages():
    policy = policy_for_model(MODELS.get(request.args.get("type", "page")))
    return {"perms": Permissions(policy).cached(request.user)}


class Article:
    __tablename__ = "articles"


# SQLAlchemy's mapper knows the model's mapped columns and relationships: a name it has is one of them.
@app.get("/admin/articles")
def article_search():
    field = request.args.get("field")
    q = request.args.get("q", "")
    filters = []
    if Article.__mapper__.has_property(field):
        # ok: UNSAFE_REFLECTION
        filters.append(getattr(Article, field).like(f"%{q}%"))
    # ruleid: UNSAFE_REFLECTION
    target = getattr(Article, request.args.get("target", "title"), None)
    return {"filters": len(filters), "target": str(target)}


def show_report(req):
    return {"report": req.args.get("name")}


# A view found in the module's namespace by the name the client sent: any function there runs.
@app.get("/forward")
def forward():
    target = request.args.get("fwd")
    # ruleid: UNSAFE_REFLECTION
    view = globals().get(target)
    if view:
        return view(request)
    # ok: UNSAFE_REFLECTION
    fallback = globals().get("show_report")
    return fallback(request)
