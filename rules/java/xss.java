package com.example.search;

import java.io.IOException;
import java.io.PrintWriter;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.owasp.encoder.Encode;
import org.springframework.web.util.HtmlUtils;

public class SearchServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String query = req.getParameter("q");
        resp.setContentType("text/html");
        // ruleid: XSS
        resp.getWriter().write("<h2>Results for " + query + "</h2>");
        // ok: XSS
        resp.getWriter().write("<h2>Results for " + Encode.forHtml(query) + "</h2>");
        // ok: XSS
        resp.getWriter().printf("<p>%s</p>", HtmlUtils.htmlEscape(query));
        // ok: XSS
        resp.getWriter().println("<footer>Search</footer>");
        // ok: XSS
        resp.getWriter().write("<p>" + Util.escape(query) + "</p>");
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String comment = req.getParameter("comment");
        resp.setContentType("text/html");
        PrintWriter out = resp.getWriter();
        // ruleid: XSS
        out.println("<blockquote>" + comment + "</blockquote>");
    }
}

class StatusServlet extends HttpServlet {

    private final HttpServletRequest injected;

    StatusServlet(HttpServletRequest injected) {
        this.injected = injected;
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String id = req.getParameter("id");
        resp.setContentType("application/json");
        // ok: XSS
        resp.getWriter().write("{\"id\":\"" + id + "\"}");
    }

    void render(HttpServletResponse resp) throws IOException {
        // ruleid: XSS
        resp.getWriter().print("<p>" + injected.getParameter("msg") + "</p>");
    }
}

@org.springframework.web.bind.annotation.RestController
class GreetingController {

    @org.springframework.web.bind.annotation.GetMapping("/greet")
    public String greet(@org.springframework.web.bind.annotation.RequestParam String name) {
        // ruleid: XSS
        return "<h1>Hello " + name + "</h1>";
    }

    @org.springframework.web.bind.annotation.GetMapping("/greet/v2")
    public String greetSafe(@org.springframework.web.bind.annotation.RequestParam String name) {
        // ok: XSS
        return "<h1>Hello " + HtmlUtils.htmlEscape(name) + "</h1>";
    }
}

/** Stapler (Jenkins) web methods: `doXxx` actions and form checks with @QueryParameter. */
final class StaplerActions {

    public void doPreview(org.kohsuke.stapler.StaplerRequest2 req, org.kohsuke.stapler.StaplerResponse2 rsp) throws java.io.IOException {
        // ruleid: XSS
        rsp.getWriter().println("<p>" + req.getParameter("text") + "</p>");
    }
}

/** @ResponseBody handlers declared to return a String: written as they are, as the page the browser asked for. */
@org.springframework.stereotype.Controller
class EchoController {

    @org.springframework.web.bind.annotation.RequestMapping("/echo")
    @org.springframework.web.bind.annotation.ResponseBody
    public String echo(String text) {
        // ruleid: XSS
        return text;
    }

    @org.springframework.web.bind.annotation.RequestMapping(value = "/echo.json", produces = "application/json")
    @org.springframework.web.bind.annotation.ResponseBody
    public String echoJson(String text) {
        // ok: XSS
        return text;
    }

    @org.springframework.web.bind.annotation.RequestMapping("/echo/escaped")
    @org.springframework.web.bind.annotation.ResponseBody
    public String echoEscaped(String text) {
        // ok: XSS
        return escapeMarkup(text);
    }

    @org.springframework.web.bind.annotation.RequestMapping("/echo/escaped/v2")
    @org.springframework.web.bind.annotation.ResponseBody
    public String echoEscapedAgain(String text) {
        // ok: XSS
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /**
     * A @ResponseBody handler that returns a Map (written as JSON), whose body declares an anonymous class with a
     * String method: only the handler's own declaration says what it returns.
     */
    @org.springframework.web.bind.annotation.RequestMapping("/echo/import")
    @org.springframework.web.bind.annotation.ResponseBody
    public java.util.Map<String, Object> echoImport(String titleField, String title) {
        java.util.Map<String, Object> result = new java.util.HashMap<>();
        result.put(titleField, title);
        java.util.function.Function<String, String> resolver = new java.util.function.Function<String, String>() {
            @Override
            public String apply(String uri) {
                return uri;
            }
        };
        result.put("resolved", resolver.apply(title));
        // ok: XSS
        return result;
    }

    private static String escapeMarkup(String raw) {
        raw = org.apache.commons.lang.StringUtils.replace(raw, "&", "&amp;");
        raw = org.apache.commons.lang.StringUtils.replace(raw, "<", "&lt;");
        return org.apache.commons.lang.StringUtils.replace(raw, ">", "&gt;");
    }
}

/** In a @RestController every handler's value is the body: a String or ResponseEntity<String> is written as it is. */
@org.springframework.web.bind.annotation.RestController
@org.springframework.web.bind.annotation.RequestMapping("/greet")
class GreetingRestController {

    @org.springframework.web.bind.annotation.GetMapping("/hello")
    public String hello(@org.springframework.web.bind.annotation.RequestParam String name) {
        String greeting = "Hello " + name;
        // ruleid: XSS
        return greeting;
    }

    @org.springframework.web.bind.annotation.GetMapping("/card")
    public org.springframework.http.ResponseEntity<String> card(@org.springframework.web.bind.annotation.RequestParam java.util.Map<String, String> query) {
        StringBuilder body = new StringBuilder();
        for (java.util.Map.Entry<String, String> entry : query.entrySet()) {
            body.append(String.format("<div>%s</div>", entry.getValue()));
        }
        // ruleid: XSS
        return new org.springframework.http.ResponseEntity<String>(body.toString(), org.springframework.http.HttpStatus.OK);
    }

    @org.springframework.web.bind.annotation.GetMapping("/echo")
    public org.springframework.http.ResponseEntity<String> echo(@org.springframework.web.bind.annotation.RequestParam String text) {
        // ruleid: XSS
        return org.springframework.http.ResponseEntity.ok("<p>" + text + "</p>");
    }

    @org.springframework.web.bind.annotation.PostMapping("/import")
    public String importSettings(@org.springframework.web.bind.annotation.RequestBody String body) {
        // ok: XSS
        return parseSettings(body).theme();
    }

    @org.springframework.web.bind.annotation.GetMapping(value = "/hello.json", produces = org.springframework.http.MediaType.APPLICATION_JSON_VALUE)
    public String helloJson(@org.springframework.web.bind.annotation.RequestParam String name) {
        // ok: XSS
        return "{\"greeting\": \"" + name + "\"}";
    }

    @org.springframework.web.bind.annotation.GetMapping("/echo.txt")
    public org.springframework.http.ResponseEntity<String> echoText(@org.springframework.web.bind.annotation.RequestParam String text) {
        // ok: XSS
        return org.springframework.http.ResponseEntity.ok().contentType(org.springframework.http.MediaType.TEXT_PLAIN).body(text);
    }

    @org.springframework.web.bind.annotation.GetMapping("/length")
    public Integer length(@org.springframework.web.bind.annotation.RequestParam String text) {
        // ok: XSS
        return text.length();
    }

    @org.springframework.web.bind.annotation.GetMapping("/user")
    public UserView user(@org.springframework.web.bind.annotation.RequestParam String name) {
        // ok: XSS
        return new UserView(label(name));
    }

    private String label(String name) {
        // ok: XSS
        return "user " + name;
    }

    record UserView(String label) {}

    record Settings(String theme) {}

    private static Settings parseSettings(String json) {
        return new Settings(json.trim());
    }
}

/** A class whose every handler produces JSON: its strings are JSON documents, not pages. */
@org.springframework.web.bind.annotation.RestController
@org.springframework.web.bind.annotation.RequestMapping(value = "/api", produces = "application/json")
class JsonOnlyRestController {

    @org.springframework.web.bind.annotation.GetMapping("/echo")
    public String echo(@org.springframework.web.bind.annotation.RequestParam String text) {
        // ok: XSS
        return "{\"text\": \"" + text + "\"}";
    }
}

/** A plain @Controller's String is a view name (template-injection.yaml), not the body. */
@org.springframework.stereotype.Controller
class PageController {

    @org.springframework.web.bind.annotation.GetMapping("/page")
    public String page(@org.springframework.web.bind.annotation.RequestParam String tab, org.springframework.ui.Model model) {
        model.addAttribute("tab", tab);
        // ok: XSS
        return "page";
    }
}

/** A catch block that falls through leaves its value beside the try block's: either may be written. */
class PreviewServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setContentType("text/html");
        String body;
        try {
            body = "<p>" + req.getParameter("text") + "</p>";
        } catch (RuntimeException e) {
            body = "<p>invalid</p>";
        }
        // ruleid: XSS
        resp.getWriter().write(body);
    }
}
