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

    /** A saved search: every field is what its form edits, nothing grants a right or names an owner. */
    public static class SavedSearch {
        private Long id;
        private String name;
        private String query;
        private boolean pinned;
    }

    /** The same, with its owner's id: a client that binds it files the search under another user. */
    public static class SharedSearch {
        private Long id;
        private String name;
        private Long ownerId;
    }

    /** Fields of a base class are not in sight: it may hold the owner or the rights. */
    public static class TeamSearch extends SavedSearch {
        private String team;
    }

    /** The same behind an annotation whose value has braces. */
    @SuppressWarnings({"serial", "unused"})
    public static class ArchivedSearch extends SavedSearch {
        private String reason;
    }

    interface SearchDao {
        SavedSearch save(SavedSearch search);

        SharedSearch saveAndFlush(SharedSearch search);

        TeamSearch persist(TeamSearch search);

        ArchivedSearch merge(ArchivedSearch search);
    }

    private SearchDao searchDao;

    @PutMapping("/searches")
    public SavedSearch saveSearch(@RequestBody SavedSearch search) {
        // ok: MASS_ASSIGNMENT
        return searchDao.save(search);
    }

    @PutMapping("/searches/shared")
    public SharedSearch share(@RequestBody SharedSearch search) {
        // ruleid: MASS_ASSIGNMENT
        return searchDao.saveAndFlush(search);
    }

    @PutMapping("/searches/archived")
    public ArchivedSearch archive(@RequestBody ArchivedSearch search) {
        // ruleid: MASS_ASSIGNMENT
        return searchDao.merge(search);
    }

    @PutMapping("/searches/team")
    public TeamSearch saveTeamSearch(@RequestBody TeamSearch search) {
        // ruleid: MASS_ASSIGNMENT
        return searchDao.persist(search);
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
