package com.example.catalog;

import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;

import org.apache.commons.text.StringEscapeUtils;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

@RestController
public class PartsController {

    private final Document parts;

    public PartsController(Document parts) {
        this.parts = parts;
    }

    @GetMapping("/parts")
    public int byVendor(@RequestParam String vendor) throws Exception {
        XPath xpath = XPathFactory.newInstance().newXPath();
        String expression = "//part[vendor/text()='" + vendor + "']";
        // ruleid: XPATH_INJECTION
        NodeList nodes = (NodeList) xpath.evaluate(expression, parts, XPathConstants.NODESET);
        return nodes.getLength();
    }

    // An XML escaper turns both quotes into entities: the value stays inside the quoted literal.
    @GetMapping("/parts/escaped")
    public int byVendorEscaped(@RequestParam String vendor) throws Exception {
        XPath xpath = XPathFactory.newInstance().newXPath();
        String expression = "//part[vendor/text()='" + StringEscapeUtils.escapeXml11(vendor) + "']";
        // ok: XPATH_INJECTION
        NodeList nodes = (NodeList) xpath.evaluate(expression, parts, XPathConstants.NODESET);
        return nodes.getLength();
    }

    @GetMapping("/parts/v2")
    public int byVendorSafe(@RequestParam String vendor) throws Exception {
        XPath xpath = XPathFactory.newInstance().newXPath();
        xpath.setXPathVariableResolver(name -> "vendor".equals(name.getLocalPart()) ? vendor : null);
        // ok: XPATH_INJECTION
        NodeList nodes = (NodeList) xpath.evaluate("//part[vendor/text()=$vendor]", parts, XPathConstants.NODESET);
        return nodes.getLength();
    }
}
