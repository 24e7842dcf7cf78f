package com.example.shop.dao;

import java.util.List;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

@Repository
public class OrderDaoImpl implements OrderDao {

    @Autowired
    private JdbcTemplate jdbcTemplate;

    @Override
    public List<String> findOrderNumbersByCustomer(final String customer) {
        String sql = "SELECT number FROM orders WHERE customer = '" + customer + "'";
        // ruleid: SQL_INJECTION
        return jdbcTemplate.queryForList(sql, String.class);
    }

    @Override
    public List<String> findOrderNumbersByStatus(final String status) {
        // ok: SQL_INJECTION
        return jdbcTemplate.queryForList("SELECT number FROM orders WHERE status = ?", String.class, status);
    }
}
