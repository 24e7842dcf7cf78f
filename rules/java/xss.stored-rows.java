package com.example.guestbook;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.owasp.encoder.Encode;

// Visitors sign the guestbook; every visitor then reads what the others wrote.
public class GuestbookServlet extends HttpServlet {
    private Connection connection;

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO entries (name, message) VALUES (?, ?)")) {
            insert.setString(1, req.getParameter("name"));
            insert.setString(2, req.getParameter("message"));
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IOException(e);
        }
        resp.sendRedirect("guestbook");
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setContentType("text/html");
        try (Statement select = connection.createStatement()) {
            ResultSet rs = select.executeQuery("SELECT id, name, message FROM entries");
            while (rs.next()) {
                // ruleid: XSS
                resp.getWriter().write("<p>" + rs.getString("message") + "</p>");
                // ok: XSS
                resp.getWriter().write("<p>" + Encode.forHtml(rs.getString("name")) + "</p>");
                // ok: XSS
                resp.getWriter().write("<a href=\"entry?id=" + rs.getInt("id") + "\">link</a>");
            }
        } catch (SQLException e) {
            throw new IOException(e);
        }
    }
}
