package com.example.feeds;

import java.io.InputStream;
import java.io.StringReader;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamReader;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

@RestController
public class FeedController {

    @PostMapping("/feeds/rss")
    public String rss(@RequestBody String xml) throws Exception {
        DocumentBuilder builder = DocumentBuilderFactory.newInstance().newDocumentBuilder();
        // ruleid: XXE
        Document doc = builder.parse(new InputSource(new StringReader(xml)));
        return doc.getDocumentElement().getTagName();
    }

    @PostMapping("/feeds/rss/v2")
    public String rssHardened(@RequestBody String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        DocumentBuilder builder = factory.newDocumentBuilder();
        // ok: XXE
        Document doc = builder.parse(new InputSource(new StringReader(xml)));
        return doc.getDocumentElement().getTagName();
    }

    // OWASP's cheat-sheet form: the feature's name in a variable, set on the next line.
    @PostMapping("/feeds/rss/v3")
    public String rssFeatureVariable(@RequestBody String xml) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        String feature = "http://apache.org/xml/features/disallow-doctype-decl";
        dbf.setFeature(feature, true);
        // ok: XXE
        Document doc = dbf.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
        return doc.getDocumentElement().getTagName();
    }

    @PostMapping("/feeds/rss/v4")
    public String rssFeatureVariableOff(@RequestBody String xml) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        String feature = "http://apache.org/xml/features/disallow-doctype-decl";
        dbf.setFeature(feature, false);
        // ruleid: XXE
        Document doc = dbf.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
        return doc.getDocumentElement().getTagName();
    }

    @PostMapping("/feeds/atom")
    public int atom(HttpServletRequest request) throws Exception {
        XMLInputFactory factory = XMLInputFactory.newInstance();
        // ruleid: XXE
        XMLStreamReader reader = factory.createXMLStreamReader(request.getInputStream());
        int events = 0;
        while (reader.hasNext()) {
            reader.next();
            events++;
        }
        return events;
    }

    public String bundled() throws Exception {
        try (InputStream in = FeedController.class.getResourceAsStream("/feeds/default.xml")) {
            // ok: XXE
            Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
            return doc.getDocumentElement().getTagName();
        }
    }

    private final DocumentBuilder importer = newImporter();

    private static DocumentBuilder newImporter() {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Imports a catalogue with the builder made once for this controller. */
    @PostMapping("/catalogue/import")
    public String importCatalogue(@RequestBody String xml) throws Exception {
        // ruleid: XXE
        Document doc = importer.parse(new InputSource(new StringReader(xml)));
        return doc.getDocumentElement().getTagName();
    }

    @PostMapping("/prices/check")
    public boolean checkPrice(@RequestParam String value) throws Exception {
        // ok: XXE
        return java.text.NumberFormat.getInstance().parse(value).floatValue() > 0;
    }
}

@RestController
class Dom4jImportController {

    @PostMapping("/import/dom4j")
    public String importXml(@RequestBody String body) throws Exception {
        // ruleid: XXE
        return org.dom4j.DocumentHelper.parseText(body).getRootElement().getName();
    }

    @PostMapping("/import/dom4j/template")
    public String template() throws Exception {
        // ok: XXE
        return org.dom4j.DocumentHelper.parseText("<feed/>").getRootElement().getName();
    }
}
