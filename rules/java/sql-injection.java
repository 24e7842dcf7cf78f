package com.example.inventory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.persistence.EntityManager;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class WarehouseController {

    private static final Set<String> COLUMNS = Set.of("sku", "quantity", "updated_at");

    private final Connection connection;
    private final JdbcTemplate jdbcTemplate;
    private final EntityManager entityManager;

    public WarehouseController(Connection connection, JdbcTemplate jdbcTemplate, EntityManager entityManager) {
        this.connection = connection;
        this.jdbcTemplate = jdbcTemplate;
        this.entityManager = entityManager;
    }

    @GetMapping("/bins")
    public int bins(@RequestParam String aisle) throws SQLException {
        Statement stmt = connection.createStatement();
        StringBuilder sql = new StringBuilder("SELECT count(*) FROM bins WHERE aisle = '");
        sql.append(aisle).append("'");
        // ruleid: SQL_INJECTION
        ResultSet rs = stmt.executeQuery(sql.toString());
        return rs.next() ? rs.getInt(1) : 0;
    }

    @GetMapping("/bins/v2")
    public int binsSafe(@RequestParam String aisle) throws SQLException {
        // ok: SQL_INJECTION
        PreparedStatement ps = connection.prepareStatement("SELECT count(*) FROM bins WHERE aisle = ?");
        ps.setString(1, aisle);
        ResultSet rs = ps.executeQuery();
        return rs.next() ? rs.getInt(1) : 0;
    }

    @GetMapping("/stock/{sku}")
    public List<Map<String, Object>> stock(@PathVariable String sku) {
        String where = "sku = '%s'".formatted(sku);
        // ruleid: SQL_INJECTION
        return jdbcTemplate.queryForList("SELECT * FROM stock WHERE " + where);
    }

    @GetMapping("/stock")
    public List<Map<String, Object>> stockSorted(@RequestParam String orderBy, @RequestParam int limit) {
        String column = COLUMNS.contains(orderBy) ? orderBy : "sku";
        // ok: SQL_INJECTION
        return jdbcTemplate.queryForList("SELECT * FROM stock ORDER BY " + column + " LIMIT " + limit);
    }

    public int legacyCount(HttpServletRequest request) {
        String zone = request.getParameter("zone");
        // ruleid: SQL_INJECTION
        return jdbcTemplate.queryForObject("SELECT count(*) FROM bins WHERE zone = '" + zone + "'", Integer.class);
    }

    @GetMapping("/movements")
    public List<?> movements(@RequestParam String operator) {
        // ruleid: SQL_INJECTION
        return entityManager.createNativeQuery("SELECT * FROM movements WHERE operator = '" + operator + "'").getResultList();
    }

    @GetMapping("/movements/v2")
    public List<?> movementsSafe(@RequestParam String operator) {
        // ok: SQL_INJECTION
        return entityManager.createNativeQuery("SELECT * FROM movements WHERE operator = ?1").setParameter(1, operator).getResultList();
    }

    private org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate reports;

    @GetMapping("/reports")
    public List<Map<String, Object>> reports(@RequestParam String owner) {
        // ruleid: SQL_INJECTION
        return this.reports.queryForList("SELECT * FROM reports WHERE owner = '" + owner + "'", Map.of());
    }

    @GetMapping("/movements/by-id")
    public List<?> movementsById(@RequestParam String id) {
        long movementId = Long.parseLong(id);
        // ok: SQL_INJECTION
        return entityManager.createNativeQuery("SELECT * FROM movements WHERE id = " + movementId).getResultList();
    }
}

class StatusQueries {

    enum Status { OPEN, CLOSED }

    private JdbcTemplate jdbc;

    List<Map<String, Object>> byStatus(@RequestParam String status) {
        Status parsed = Status.valueOf(status);
        // ok: SQL_INJECTION
        return jdbc.queryForList("SELECT * FROM tickets WHERE status = '" + parsed + "'");
    }

    List<Map<String, Object>> byLabel(@RequestParam String label) {
        String text = String.valueOf(label);
        // ruleid: SQL_INJECTION
        return jdbc.queryForList("SELECT * FROM tickets WHERE label = '" + text + "'");
    }
}

class PartnerClient {

    private org.springframework.web.client.RestTemplate restTemplate;

    String ping(@RequestParam String partner) {
        // ok: SQL_INJECTION
        return restTemplate.execute("https://partners.example.com/ping/" + partner, org.springframework.http.HttpMethod.GET, null, r -> "ok");
    }

    // A conversion in one case of a switch does not clean the value its sibling case uses.
    @GetMapping("/bins/by/{mode}")
    List<Map<String, Object>> binsBy(@PathVariable String mode, @RequestParam String value) {
        String where;
        switch (mode) {
            case "id":
                // ok: SQL_INJECTION
                return jdbcTemplate.queryForList("SELECT * FROM bins WHERE id = " + Long.parseLong(value));
            case "label":
                // ruleid: SQL_INJECTION
                return jdbcTemplate.queryForList("SELECT * FROM bins WHERE label = '" + value + "'");
            default:
                where = "1 = 1";
        }
        // ok: SQL_INJECTION
        return jdbcTemplate.queryForList("SELECT * FROM bins WHERE " + where);
    }
}


// Hibernate's Session.update(entity) and MyBatis' SqlSession.update(statementId, parameter) take an entity or the id of
// a mapped statement, never SQL text; JdbcTemplate.update(sql) does.
class ProfileStore {

    private org.hibernate.SessionFactory sessionFactory;
    private org.apache.ibatis.session.SqlSession sqlSession;
    private JdbcTemplate jdbcTemplate;

    void rename(HttpServletRequest request) {
        org.hibernate.Session session = sessionFactory.openSession();
        Profile profile = (Profile) session.get(Profile.class, request.getParameter("id"));
        profile.setName(request.getParameter("name"));
        // ok: SQL_INJECTION
        session.update(profile);
        // ok: SQL_INJECTION
        sqlSession.update("ProfileMapper.rename", request.getParameter("name"));
        // ruleid: SQL_INJECTION
        jdbcTemplate.update("UPDATE profile SET name = '" + request.getParameter("name") + "'");
        // ruleid: SQL_INJECTION
        session.createQuery("FROM Profile WHERE name = '" + request.getParameter("name") + "'").list();
    }
}
