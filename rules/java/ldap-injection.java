package com.example.staff;

import java.util.List;

import javax.naming.NamingEnumeration;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.naming.directory.SearchResult;

import org.springframework.ldap.core.LdapTemplate;
import org.springframework.ldap.filter.EqualsFilter;
import org.springframework.ldap.support.LdapEncoder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class StaffDirectory {

    private final DirContext dirContext;
    private final LdapTemplate ldap;

    public StaffDirectory(DirContext dirContext, LdapTemplate ldap) {
        this.dirContext = dirContext;
        this.ldap = ldap;
    }

    @GetMapping("/staff")
    public boolean exists(@RequestParam String mail) throws Exception {
        String filter = "(&(objectClass=inetOrgPerson)(mail=" + mail + "))";
        // ruleid: LDAP_INJECTION
        NamingEnumeration<SearchResult> found = dirContext.search("ou=staff,dc=example,dc=com", filter, new SearchControls());
        return found.hasMore();
    }

    @GetMapping("/staff/v2")
    public boolean existsSafe(@RequestParam String mail) throws Exception {
        // ok: LDAP_INJECTION
        NamingEnumeration<SearchResult> found = dirContext.search("ou=staff,dc=example,dc=com", "(&(objectClass=inetOrgPerson)(mail={0}))", new Object[] {mail}, new SearchControls());
        return found.hasMore();
    }

    @GetMapping("/staff/names")
    public List<String> names(@RequestParam String team) {
        // ruleid: LDAP_INJECTION
        return ldap.search("ou=staff", "(team=" + team + ")", (javax.naming.directory.Attributes a) -> (String) a.get("cn").get());
    }

    @GetMapping("/staff/names/v2")
    public List<String> namesSafe(@RequestParam String team) {
        String filter = "(team=" + LdapEncoder.filterEncode(team) + ")";
        // ok: LDAP_INJECTION
        return ldap.search("ou=staff", filter, (javax.naming.directory.Attributes a) -> (String) a.get("cn").get());
    }

    @GetMapping("/staff/names/v3")
    public List<String> namesFilter(@RequestParam String team) {
        // ok: LDAP_INJECTION
        return ldap.search("ou=staff", new EqualsFilter("team", team).encode(), (javax.naming.directory.Attributes a) -> (String) a.get("cn").get());
    }
}
