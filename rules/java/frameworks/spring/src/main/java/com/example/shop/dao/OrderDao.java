package com.example.shop.dao;

import java.util.List;

public interface OrderDao {

    List<String> findOrderNumbersByCustomer(String customer);

    List<String> findOrderNumbersByStatus(String status);
}
