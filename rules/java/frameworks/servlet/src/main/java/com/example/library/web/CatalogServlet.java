package com.example.library.web;

import com.example.library.store.BookStore;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import org.owasp.encoder.Encode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

@WebServlet("/catalog")
public class CatalogServlet extends HttpServlet {
    private static final Logger log = LoggerFactory.getLogger(CatalogServlet.class);
    private final BookStore store = new BookStore();

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String title = req.getParameter("title");
        int page = Integer.parseInt(req.getParameter("page"));
        List<String> books = store.searchByTitle(title, page);
        resp.setContentType("text/html;charset=UTF-8");
        PrintWriter out = resp.getWriter();
        // ruleid: XSS
        resp.getWriter().println("<h1>Results for " + title + "</h1>");
        // ok: XSS
        resp.getWriter().println("<h1>Results for " + Encode.forHtml(title) + "</h1>");
        // ok: XSS
        resp.getWriter().println("<p>Page " + page + "</p>");
        for (String book : books) {
            out.println("<li>" + Encode.forHtml(book) + "</li>");
        }
        // ruleid: LOG_INJECTION
        log.info("catalog search for " + title);
        // ok: LOG_INJECTION
        log.info("catalog page requested: " + req.getRequestURI());
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String isbn = req.getParameter("isbn");
        store.reserve(isbn, req.getRemoteUser());
        String next = req.getParameter("next");
        if (next == null) {
            // ok: OPEN_REDIRECT
            resp.sendRedirect("/catalog");
            return;
        }
        // ruleid: OPEN_REDIRECT
        resp.sendRedirect(next);
    }
}
