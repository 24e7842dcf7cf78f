package com.example.shop.service;

import com.example.shop.model.Product;
import com.example.shop.model.ProductRepository;
import java.util.List;
import org.springframework.jdbc.core.BeanPropertyRowMapper;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

@Service
public class ProductService {
    private final JdbcTemplate jdbc;
    private final ProductRepository repository;

    public ProductService(JdbcTemplate jdbc, ProductRepository repository) {
        this.jdbc = jdbc;
        this.repository = repository;
    }

    public List<Product> list(String category, String sort) {
        // ok: SQL_INJECTION
        String byCategory = "SELECT * FROM product WHERE category = ? ORDER BY " + sort;
        // ok: SQL_INJECTION
        List<Product> found = jdbc.query(byCategory, new BeanPropertyRowMapper<>(Product.class), category);
        // ruleid: SQL_INJECTION
        jdbc.execute("UPDATE product_stats SET hits = hits + 1 WHERE category = '" + category + "'");
        return found;
    }

    public Product byId(Long id) {
        return repository.findById(id).orElseThrow();
    }

    public byte[] exportCsv(Long id) {
        return byId(id).toCsv().getBytes();
    }

    public Product save(Product product) {
        return repository.save(product);
    }
}
