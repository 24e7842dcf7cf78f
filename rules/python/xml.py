import io
import xml.etree.ElementTree as ET
import xml.sax

from defusedxml import ElementTree as SafeET
from flask import Blueprint, request
from lxml import etree

bp = Blueprint("feeds", __name__)
STOCK = etree.parse("/srv/feeds/stock.xml")


@bp.post("/feeds/lxml")
def lxml_feed():
    unsafe = etree.XMLParser(load_dtd=True, resolve_entities=True)
    # ruleid: XXE
    doc = etree.fromstring(request.data, unsafe)
    hardened = etree.XMLParser(resolve_entities=False, no_network=True)
    # ok: XXE
    doc2 = etree.fromstring(request.data, hardened)
    # ok: XXE
    doc3 = SafeET.fromstring(request.data)
    # ok: XXE
    doc4 = ET.fromstring(request.data)
    return {"n": len(doc) + len(doc2) + len(doc3) + len(doc4)}


@bp.post("/feeds/sax")
def sax_feed():
    parser = xml.sax.make_parser()
    parser.setFeature(xml.sax.handler.feature_external_ges, True)
    # ruleid: XXE
    parser.parse(io.BytesIO(request.data))
    return {"ok": True}


@bp.get("/stock")
def stock():
    sku = request.args.get("sku", "")
    # ruleid: XPATH_INJECTION
    hits = STOCK.xpath(f"//item[@sku='{sku}']/qty/text()")
    # ok: XPATH_INJECTION
    same = STOCK.xpath("//item[@sku=$sku]/qty/text()", sku=sku)
    return {"qty": [str(h) for h in hits + same]}
