package com.example.profile;

import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ProfileController {

    public record ProfileUpdate(String displayName, String locale) {}

    public static class Customer {
        private String displayName;
        private String locale;
        private boolean admin;

        public void setDisplayName(String displayName) {
            this.displayName = displayName;
        }

        public void setLocale(String locale) {
            this.locale = locale;
        }
    }

    interface CustomerRepository {
        Customer save(Customer customer);

        Customer current();
    }

    private final CustomerRepository customerRepository;

    public ProfileController(CustomerRepository customerRepository) {
        this.customerRepository = customerRepository;
    }

    @PutMapping("/profile/raw")
    public Customer replace(@RequestBody Customer customer) {
        // ruleid: MASS_ASSIGNMENT
        return customerRepository.save(customer);
    }

    @PutMapping("/profile")
    public Customer update(@RequestBody ProfileUpdate update) {
        Customer customer = customerRepository.current();
        customer.setDisplayName(update.displayName());
        customer.setLocale(update.locale());
        // ok: MASS_ASSIGNMENT
        return customerRepository.save(customer);
    }
}
