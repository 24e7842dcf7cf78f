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

    /** A label whose equals() names a local after a right: a method's variable is no field of the class. */
    public static class Label {
        private Long id;
        private String name;

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Label)) {
                return false;
            }
            Label role = (Label) o;
            return name.equals(role.name);
        }
    }

    /** The same, with its owner's id: a client that binds it files the search under another user. */
    public static class SharedSearch {
        private Long id;
        private String name;
        private Long ownerId;
    }

    /** A base class the project declares is read too: this one holds only what the form edits. */
    public static class TeamSearch extends SavedSearch {
        private String team;
    }

    /** The same behind an annotation whose value has braces. */
    @SuppressWarnings({"serial", "unused"})
    public static class ArchivedSearch extends SavedSearch {
        private String reason;
    }

    /** A base class of audit fields the persistence layer fills (a JPA mapped superclass). */
    public static class AuditedRecord implements java.io.Serializable {
        private String createBy;
        private String updateBy;
        private java.sql.Timestamp createTime;
        private java.sql.Timestamp updateTime;
    }

    /** A dictionary entry over it: label, value and order are what the form edits. */
    public static class LookupEntry extends AuditedRecord {
        private Long id;
        private String label;
        private String value;
        private Integer entrySort;
    }

    /** Over the same base, but naming a right itself: a client that binds it makes itself an administrator. */
    public static class Operator extends AuditedRecord {
        private Long id;
        private String username;
        private Boolean isAdmin = false;
    }

    /** Over a base that names the owner. */
    public static class DelegatedSearch extends SharedSearch {
        private String note;
    }

    /** Over a base that has a base of its own, two levels away. */
    public static class PinnedTeamSearch extends TeamSearch {
        private int position;
    }

    /** Over a library's base class, out of sight (Spring Data's AbstractAuditable holds the creating user). */
    public static class AuditedSearch extends org.springframework.data.jpa.domain.AbstractAuditable<Object, Long> {
        private String query;
    }

    interface SearchDao {
        SavedSearch save(SavedSearch search);

        SharedSearch saveAndFlush(SharedSearch search);

        TeamSearch persist(TeamSearch search);

        ArchivedSearch merge(ArchivedSearch search);
    }

    interface LookupEntryRepository {
        LookupEntry save(LookupEntry entry);
    }

    interface OperatorRepository {
        Operator save(Operator operator);
    }

    interface MoreSearchRepository {
        DelegatedSearch save(DelegatedSearch search);

        PinnedTeamSearch saveAndFlush(PinnedTeamSearch search);

        AuditedSearch persist(AuditedSearch search);
    }

    private LookupEntryRepository lookupEntryRepository;
    private OperatorRepository operatorRepository;
    private MoreSearchRepository moreSearchRepository;

    @PutMapping("/lookups")
    public LookupEntry saveLookup(@RequestBody LookupEntry resources) {
        // ok: MASS_ASSIGNMENT
        return lookupEntryRepository.save(resources);
    }

    @PutMapping("/operators")
    public Operator createOperator(@RequestBody Operator resources) {
        // ruleid: MASS_ASSIGNMENT
        return operatorRepository.save(resources);
    }

    @PutMapping("/searches/delegated")
    public DelegatedSearch delegate(@RequestBody DelegatedSearch search) {
        // ruleid: MASS_ASSIGNMENT
        return moreSearchRepository.save(search);
    }

    @PutMapping("/searches/team/pinned")
    public PinnedTeamSearch pin(@RequestBody PinnedTeamSearch search) {
        // ruleid: MASS_ASSIGNMENT
        return moreSearchRepository.saveAndFlush(search);
    }

    @PutMapping("/searches/audited")
    public AuditedSearch audited(@RequestBody AuditedSearch search) {
        // ruleid: MASS_ASSIGNMENT
        return moreSearchRepository.persist(search);
    }

    interface LabelRepository {
        Label save(Label label);
    }

    private LabelRepository labelRepository;

    @PutMapping("/labels")
    public Label saveLabel(@RequestBody Label resources) {
        // ok: MASS_ASSIGNMENT
        return labelRepository.save(resources);
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
        // ok: MASS_ASSIGNMENT
        return searchDao.merge(search);
    }

    @PutMapping("/searches/team")
    public TeamSearch saveTeamSearch(@RequestBody TeamSearch search) {
        // ok: MASS_ASSIGNMENT
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
