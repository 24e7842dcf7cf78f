package com.example.shop.web;

import com.example.shop.dao.OrderDao;
import java.util.List;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

@Controller
@RequestMapping("/orders")
public class OrderController {

    @Autowired
    OrderDao orderDao;

    // A DAO finder of the project: its body is followed with the request value (the SQL inside it is reported),
    // and the records it returns are the application's data.
    @RequestMapping("{customer}/list")
    public String list(@PathVariable("customer") final String customer, final Model model) {
        List<String> numbers = orderDao.findOrderNumbersByCustomer(customer);
        model.addAttribute("numbers", numbers);
        return "orders";
    }

    @RequestMapping("byStatus")
    public String byStatus(@RequestParam("status") final String status, final Model model) {
        model.addAttribute("numbers", orderDao.findOrderNumbersByStatus(status));
        return "orders";
    }
}
