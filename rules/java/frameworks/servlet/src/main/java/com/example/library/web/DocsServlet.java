package com.example.library.web;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

@WebServlet("/docs")
public class DocsServlet extends HttpServlet {

    /** The address clients use, behind a TLS-terminating proxy that says which scheme and port it served. */
    private static String publicBaseUrl(HttpServletRequest request) {
        String scheme = request.getScheme();
        String forwardedProto = request.getHeader("X-Forwarded-Proto");
        if (forwardedProto != null) {
            scheme = forwardedProto;
        }
        String host = request.getHeader("X-Forwarded-Host");
        if (host == null) {
            host = request.getServerName() + ":" + request.getServerPort();
        }
        return String.format("%s://%s", scheme, host);
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String section = request.getParameter("section");
        if (section != null) {
            // ruleid: OPEN_REDIRECT
            response.sendRedirect(section);
            return;
        }
        // ok: OPEN_REDIRECT
        response.sendRedirect(publicBaseUrl(request) + "/docs/index.html");
    }
}
