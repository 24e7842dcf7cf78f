import base64
import json
import pickle

import jsonpickle
import numpy as np
import yaml
from flask import Blueprint, request

bp = Blueprint("state", __name__)


@bp.post("/state")
def restore():
    blob = base64.b64decode(request.form["state"])
    # ruleid: INSECURE_DESERIALIZATION
    state = pickle.loads(blob)
    # ok: INSECURE_DESERIALIZATION
    plain = json.loads(blob)
    # ruleid: INSECURE_DESERIALIZATION
    obj = jsonpickle.decode(request.form["obj"])
    # ruleid: INSECURE_DESERIALIZATION
    conf = yaml.load(request.data, Loader=yaml.FullLoader)
    # ok: INSECURE_DESERIALIZATION
    conf2 = yaml.load(request.data, Loader=yaml.SafeLoader)
    return {"state": state, "plain": plain, "obj": obj, "conf": conf, "conf2": conf2}


def load_fixtures(path):
    with open(path) as fh:
        # ruleid: INSECURE_DESERIALIZATION
        return yaml.load(fh, Loader=yaml.Loader)


def load_cache(path):
    with open(path, "rb") as fh:
        # ok: INSECURE_DESERIALIZATION
        return pickle.load(fh)


@bp.post("/arrays")
def upload_arrays():
    upload = request.files["arrays"]
    # NumPy refuses pickled object arrays unless allow_pickle=True.
    # ok: INSECURE_DESERIALIZATION
    plain = np.load(upload.stream)
    # ruleid: INSECURE_DESERIALIZATION
    objects = np.load(upload.stream, allow_pickle=True)
    return {"shape": list(plain.shape), "objects": len(objects)}


@bp.post("/workflows/import")
def import_workflow():
    # ruleid: INSECURE_DESERIALIZATION
    flow = yaml.load(request.get_data(), yaml.Loader)
    # ruleid: INSECURE_DESERIALIZATION
    steps = yaml.load(request.files["steps"].stream, Loader=yaml.UnsafeLoader)
    # ok: INSECURE_DESERIALIZATION
    meta = yaml.load(request.get_data(), yaml.SafeLoader)
    return {"flow": flow, "steps": steps, "meta": meta}


def load_plugins(path):
    with open(path) as fh:
        # ruleid: INSECURE_DESERIALIZATION
        return yaml.load(fh, yaml.UnsafeLoader)


def load_settings(path):
    with open(path) as fh:
        # ok: INSECURE_DESERIALIZATION
        return yaml.load(fh, yaml.CSafeLoader)
