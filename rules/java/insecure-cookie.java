package com.example.login;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

public final class CookieWriter {

    private CookieWriter() {
    }

    public static void writeSession(HttpServletResponse response, String sessionId) {
        Cookie cookie = new Cookie("JSESSIONID", sessionId);
        cookie.setHttpOnly(true);
        // ruleid: INSECURE_COOKIE
        response.addCookie(cookie);
    }

    public static void writeSessionSecure(HttpServletResponse response, String sessionId) {
        Cookie cookie = new Cookie("JSESSIONID", sessionId);
        cookie.setHttpOnly(true);
        cookie.setSecure(true);
        // ok: INSECURE_COOKIE
        response.addCookie(cookie);
    }

    public static void clearRememberMe(HttpServletRequest request, HttpServletResponse response) {
        Cookie cookie = new Cookie("remember-me", "");
        cookie.setMaxAge(0);
        // ok: INSECURE_COOKIE
        response.addCookie(cookie);
    }

    public static void writeToken(HttpServletRequest request, HttpServletResponse response, String token) {
        Cookie cookie = new Cookie("auth_token", token);
        cookie.setHttpOnly(true);
        cookie.setSecure(request.isSecure());
        // ok: INSECURE_COOKIE
        response.addCookie(cookie);
    }

    public static void writeTokenPlain(HttpServletResponse response, String token) {
        // ruleid: INSECURE_COOKIE
        Cookie cookie = new Cookie("auth_token", token);
        // ruleid: INSECURE_COOKIE
        cookie.setSecure(false);
        // ruleid: INSECURE_COOKIE
        response.addCookie(cookie);
    }

    public static void rememberReturnPage(HttpServletResponse response, String path) {
        // The page to return to after signing in: about the login, not a credential.
        Cookie cookie = new Cookie("loginRedirect", path);
        // ok: INSECURE_COOKIE
        response.addCookie(cookie);
    }

    // A cookie named for a secret holds one.
    public static void writeClientSecret(HttpServletResponse response, String secret) {
        // ruleid: INSECURE_COOKIE
        Cookie cookie = new Cookie("client_secret", secret);
        // ruleid: INSECURE_COOKIE
        response.addCookie(cookie);
    }

    // The HttpOnly check leaves names that end in a word about something else (`…Message`); Secure does not.
    public static void writeSecretMessage(HttpServletResponse response, String secret) {
        Cookie cookie = new Cookie("SecretMessage", secret);
        cookie.setHttpOnly(true);
        // ruleid: INSECURE_COOKIE
        response.addCookie(cookie);
    }

    // Remember-me done by keeping the credentials themselves in cookies.
    public static void rememberCredentials(HttpServletResponse response, String login, String secretWord) {
        // ok: INSECURE_COOKIE
        Cookie name = new Cookie("username", login);
        // ruleid: INSECURE_COOKIE
        Cookie word = new Cookie("password", secretWord);
        // ok: INSECURE_COOKIE
        response.addCookie(name);
        // ruleid: INSECURE_COOKIE
        response.addCookie(word);
    }

    public static void writeLoginToken(HttpServletResponse response, String token) {
        // ruleid: INSECURE_COOKIE
        Cookie cookie = new Cookie("login_token", token);
        // ruleid: INSECURE_COOKIE
        response.addCookie(cookie);
    }

    public static void writeSessionScriptReadable(HttpServletResponse response, String sessionId) {
        // ruleid: INSECURE_COOKIE
        Cookie cookie = new Cookie("SESSIONID", sessionId);
        cookie.setSecure(true);
        // ok: INSECURE_COOKIE
        response.addCookie(cookie);
    }

    public static void writeSessionHttpOnlyOff(HttpServletResponse response, String sessionId) {
        // ruleid: INSECURE_COOKIE
        Cookie cookie = new Cookie("SESSIONID", sessionId);
        cookie.setSecure(true);
        cookie.setHttpOnly(false);
        // ok: INSECURE_COOKIE
        response.addCookie(cookie);
    }

    public static void writePreference(HttpServletResponse response, String value) {
        Cookie cookie = new Cookie("SomeCookie", value);
        // ruleid: INSECURE_COOKIE
        cookie.setSecure(false);
        cookie.setHttpOnly(true);
        // ok: INSECURE_COOKIE
        response.addCookie(cookie);
    }

    public static void writePreferenceSecure(HttpServletRequest request, HttpServletResponse response, String value) {
        Cookie cookie = new Cookie("SomeCookie", value);
        // ok: INSECURE_COOKIE
        cookie.setSecure(request.isSecure());
        // ok: INSECURE_COOKIE
        cookie.setSecure(true);
        response.addCookie(cookie);
    }

    public static void writeTheme(HttpServletResponse response, String theme) {
        Cookie cookie = new Cookie("theme", theme);
        // ok: INSECURE_COOKIE
        response.addCookie(cookie);
    }
}

final class ReactiveCookies {

    private ReactiveCookies() {
    }

    static org.springframework.http.ResponseCookie session(String token) {
        // ruleid: INSECURE_COOKIE
        return org.springframework.http.ResponseCookie.from("SESSION", token).httpOnly(true).path("/").build();
    }

    static org.springframework.http.ResponseCookie sessionSecure(String token) {
        // ok: INSECURE_COOKIE
        return org.springframework.http.ResponseCookie.from("SESSION", token).httpOnly(true).secure(true).sameSite("Lax").build();
    }
}
