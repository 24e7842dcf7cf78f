package com.example.library.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

public class BookStore {

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(System.getenv("LIBRARY_DB_URL"));
    }

    public List<String> searchByTitle(String title, int page) {
        List<String> titles = new ArrayList<>();
        try (Connection c = connect(); Statement st = c.createStatement()) {
            // ruleid: SQL_INJECTION
            ResultSet rs = st.executeQuery("SELECT title FROM books WHERE title LIKE '%" + title + "%' LIMIT 20 OFFSET " + page * 20);
            while (rs.next()) {
                titles.add(rs.getString(1));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return titles;
    }

    public void reserve(String isbn, String user) {
        try (Connection c = connect();
             // ok: SQL_INJECTION
             PreparedStatement ps = c.prepareStatement("INSERT INTO reservations (isbn, username) VALUES (?, ?)")) {
            ps.setString(1, isbn);
            ps.setString(2, user);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
