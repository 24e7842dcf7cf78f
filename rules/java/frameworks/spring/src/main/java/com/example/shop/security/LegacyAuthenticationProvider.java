package com.example.shop.security;

import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.stereotype.Component;

// Spring Security calls authenticate with the login form's username and password as the user typed them.
@Component
public class LegacyAuthenticationProvider implements AuthenticationProvider {
    private final JdbcTemplate jdbc;

    public LegacyAuthenticationProvider(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public Authentication authenticate(Authentication authentication) throws AuthenticationException {
        String username = authentication.getName();
        String password = (String) authentication.getCredentials();
        // ruleid: SQL_INJECTION
        List<Map<String, Object>> rows = jdbc.queryForList("SELECT id FROM account WHERE username = '" + username + "' AND password = '" + password + "'");
        // ok: SQL_INJECTION
        List<Map<String, Object>> same = jdbc.queryForList("SELECT id FROM account WHERE username = ?", username);
        if (rows.isEmpty() || same.isEmpty()) {
            throw new BadCredentialsException("Bad credentials");
        }
        return new UsernamePasswordAuthenticationToken(username, password, List.of());
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
    }
}
