package com.example.config;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.context.annotation.Bean;
import org.springframework.web.bind.annotation.CrossOrigin;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.cors.CorsConfiguration;

public class CorsSetup {

    @Bean
    public CorsConfiguration dashboard() {
        CorsConfiguration config = new CorsConfiguration();
        config.setAllowCredentials(true);
        // ruleid: CORS_MISCONFIGURATION
        config.setAllowedOriginPatterns(List.of("*"));
        return config;
    }

    @Bean
    public CorsConfiguration publicAssets() {
        CorsConfiguration config = new CorsConfiguration();
        // ok: CORS_MISCONFIGURATION
        config.addAllowedOrigin("*");
        config.setAllowCredentials(false);
        return config;
    }

    // ruleid: CORS_MISCONFIGURATION
    @CrossOrigin(origins = "*", allowCredentials = "true")
    @GetMapping("/api/me")
    public String me() {
        return "{}";
    }

    public void reflect(HttpServletRequest request, HttpServletResponse response) {
        // ruleid: CORS_MISCONFIGURATION
        response.setHeader("Access-Control-Allow-Origin", request.getHeader("Origin"));
        response.setHeader("Access-Control-Allow-Credentials", "true");
    }
}
