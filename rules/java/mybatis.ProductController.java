package com.example.shop.web;

import java.util.List;
import java.util.Set;

import com.example.shop.dao.ProductMapper;
import com.example.shop.db.Product;
import com.example.shop.db.ProductExample;
import com.github.pagehelper.PageHelper;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ProductController {

    private static final Set<String> SORTABLE = Set.of("name", "price", "add_time");

    private final ProductMapper productMapper;

    public ProductController(ProductMapper productMapper) {
        this.productMapper = productMapper;
    }

    @GetMapping("/products")
    public List<Product> list(@RequestParam String name, @RequestParam String sort, @RequestParam String order) {
        ProductExample example = new ProductExample();
        // ok: SQL_INJECTION
        example.createCriteria().andNameLike("%" + name + "%");
        // ruleid: SQL_INJECTION
        example.setOrderByClause(sort + " " + order);
        return productMapper.selectByExample(example);
    }

    @GetMapping("/products/sorted")
    public List<Product> sorted(@RequestParam String sort) {
        ProductExample example = new ProductExample();
        String column = SORTABLE.contains(sort) ? sort : "add_time";
        // ok: SQL_INJECTION
        example.setOrderByClause(column + " desc");
        return productMapper.selectByExample(example);
    }

    @GetMapping("/products/page")
    public List<Product> page(@RequestParam int pageNum, @RequestParam String orderBy) {
        // ruleid: SQL_INJECTION
        PageHelper.startPage(pageNum, 20, orderBy);
        return productMapper.selectByExample(new ProductExample());
    }

    @GetMapping("/products/recent")
    public List<Product> recent(@RequestParam int pageNum) {
        // ok: SQL_INJECTION
        PageHelper.startPage(pageNum, 20, "add_time desc");
        return productMapper.selectByExample(new ProductExample());
    }
}
