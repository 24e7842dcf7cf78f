package com.example.config;

import org.springframework.context.annotation.Bean;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;

public class WebSecurity {

    @Bean
    public SecurityFilterChain adminChain(HttpSecurity http) throws Exception {
        http.securityMatcher("/admin/**")
            // ruleid: CSRF
            .csrf(AbstractHttpConfigurer::disable)
            .formLogin(form -> form.loginPage("/admin/login"));
        return http.build();
    }

    @Bean
    public SecurityFilterChain tokenApiChain(HttpSecurity http) throws Exception {
        http.securityMatcher("/api/v2/**")
            .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
            // ok: CSRF
            .csrf(c -> c.disable())
            .oauth2ResourceServer(o -> o.jwt(jwt -> {}));
        return http.build();
    }

    /** Bearer tokens only: the resource server reads the Authorization header, which no other site can make a browser send. */
    @Bean
    public SecurityFilterChain resourceChain(HttpSecurity http) throws Exception {
        http.authorizeHttpRequests(a -> a.anyRequest().authenticated())
            .oauth2ResourceServer(o -> o.opaqueToken(t -> {}))
            // ok: CSRF
            .csrf(AbstractHttpConfigurer::disable);
        return http.build();
    }

    /** A resource server that also logs users in with a form keeps a session cookie. */
    @Bean
    public SecurityFilterChain mixedChain(HttpSecurity http) throws Exception {
        http.oauth2ResourceServer(o -> o.jwt(jwt -> {}))
            .formLogin(form -> form.loginPage("/login"))
            // ruleid: CSRF
            .csrf(AbstractHttpConfigurer::disable);
        return http.build();
    }

    /** Security headers only: nothing logs anyone in or asks for a login, so no request carries a session worth forging. */
    @Bean
    public SecurityFilterChain openChain(HttpSecurity http) throws Exception {
        // ok: CSRF
        http.csrf(csrf -> csrf.disable());
        http.headers(headers -> headers.frameOptions(frameOptions -> frameOptions.sameOrigin()));
        return http.build();
    }

    @Bean
    public SecurityFilterChain publicDeviceChain(HttpSecurity http) throws Exception {
        http.securityMatcher("/device/**")
            // ok: CSRF
            .csrf(AbstractHttpConfigurer::disable)
            .authorizeHttpRequests(a -> a.anyRequest().permitAll());
        return http.build();
    }

    /** Requires a login it does not provide: the session another chain's form login created is shared. */
    @Bean
    public SecurityFilterChain reportsChain(HttpSecurity http) throws Exception {
        http.securityMatcher("/reports/**")
            // ruleid: CSRF
            .csrf(AbstractHttpConfigurer::disable)
            .authorizeHttpRequests(a -> a.anyRequest().authenticated());
        return http.build();
    }

    public void legacy(HttpSecurity http) throws Exception {
        // ruleid: CSRF
        http.csrf().disable();
    }
}
