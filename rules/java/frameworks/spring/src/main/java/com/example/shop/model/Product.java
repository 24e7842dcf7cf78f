package com.example.shop.model;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;

@Entity
public class Product {
    @Id
    private Long id;
    private String name;
    private String homepage;
    private String category;

    public Long getId() { return id; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public String getHomepage() { return homepage; }
    public String getCategory() { return category; }

    public String toCsv() {
        return id + "," + name + "," + category;
    }
}
