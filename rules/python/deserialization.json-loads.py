# `loads` imported from json: a document, never objects. The module-qualified pickle call is
# still a sink; importing the pickle module does not make the bare name pickle's.
import pickle
from json import loads

from flask import Flask, request

app = Flask(__name__)


@app.post("/settings")
def save_settings():
    # ok: INSECURE_DESERIALIZATION
    settings = loads(request.get_data())
    return {"saved": sorted(settings)}


@app.post("/legacy-settings")
def save_legacy_settings():
    # ruleid: INSECURE_DESERIALIZATION
    settings = pickle.loads(request.get_data())
    return {"saved": sorted(settings)}
