package com.example.mail;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.Map;

import freemarker.template.Configuration;
import freemarker.template.Template;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class NewsletterPreview {

    private final Configuration cfg;

    public NewsletterPreview(Configuration cfg) {
        this.cfg = cfg;
    }

    @PostMapping("/newsletter/preview")
    public String preview(@RequestParam String body) throws Exception {
        // ruleid: TEMPLATE_INJECTION
        Template template = new Template("newsletter", new StringReader(body), cfg);
        StringWriter out = new StringWriter();
        template.process(Map.of("name", "Sample"), out);
        return out.toString();
    }

    @PostMapping("/newsletter/render")
    public String render(@RequestParam String name) throws Exception {
        // ok: TEMPLATE_INJECTION
        Template template = cfg.getTemplate("newsletter.ftlh");
        StringWriter out = new StringWriter();
        template.process(Map.of("name", name), out);
        return out.toString();
    }
}
