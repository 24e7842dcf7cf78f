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

    private static String escapeMarkup(String raw) {
        raw = org.apache.commons.lang.StringUtils.replace(raw, "&", "&amp;");
        raw = org.apache.commons.lang.StringUtils.replace(raw, "<", "&lt;");
        return org.apache.commons.lang.StringUtils.replace(raw, ">", "&gt;");
    }
}
