package com.example.library.web;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.util.UUID;

@WebServlet("/account/*")
public class AccountServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String origin = request.getHeader("Origin");
        // ruleid: CORS_MISCONFIGURATION
        response.setHeader("Access-Control-Allow-Origin", origin);
        String back = request.getParameter("back");
        // ruleid: OPEN_REDIRECT
        response.setHeader("Location", back);
        // ok: OPEN_REDIRECT
        response.setHeader("Location", "/account/" + back);
        response.setStatus(HttpServletResponse.SC_FOUND);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        HttpSession session = request.getSession();
        // ruleid: TRUST_BOUNDARY_VIOLATION
        session.setAttribute("role", request.getParameter("role"));
        // ok: TRUST_BOUNDARY_VIOLATION
        session.setAttribute("returnTo", request.getRequestURI());

        Cookie cookie = new Cookie("session_token", UUID.randomUUID().toString());
        cookie.setHttpOnly(true);
        // ruleid: INSECURE_COOKIE
        response.addCookie(cookie);

        String format = request.getParameter("format");
        // ruleid: HEADER_INJECTION
        response.setHeader("Content-Disposition", "attachment; filename=\"loans." + format + "\"");
        // ok: HEADER_INJECTION
        response.setHeader("X-Export-Format", format);
    }
}
