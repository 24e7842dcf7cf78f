package com.example.auth;

import java.io.IOException;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.view.RedirectView;

@Controller
public class LogoutController {

    private static final Map<String, String> DESTINATIONS = Map.of("shop", "/shop", "help", "https://help.example.com");
    private static final String HELP_PATH = "/help/";
    private static final String ROOT = "/";

    @GetMapping("/help")
    public String help(@RequestParam String topic) {
        // ok: OPEN_REDIRECT
        return "redirect:" + HELP_PATH + topic;
    }

    @GetMapping("/help/any")
    public void helpAnywhere(@RequestParam String topic, HttpServletResponse response) throws IOException {
        // ruleid: OPEN_REDIRECT
        response.sendRedirect(ROOT + topic);
    }

    @GetMapping("/logout")
    public String logout(@RequestParam(name = "returnTo", defaultValue = "/") String returnTo) {
        // ruleid: OPEN_REDIRECT
        return "redirect:" + returnTo;
    }

    @GetMapping("/logout/v2")
    public String logoutSafe(@RequestParam(name = "dest", defaultValue = "shop") String dest) {
        String target = DESTINATIONS.getOrDefault(dest, "/");
        // ok: OPEN_REDIRECT
        return "redirect:" + target;
    }

    @GetMapping("/sso/callback")
    public void callback(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String relay = request.getParameter("RelayState");
        // ruleid: OPEN_REDIRECT
        response.sendRedirect(relay);
    }

    @GetMapping("/sso/callback/v2")
    public void callbackSafe(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String relay = request.getParameter("RelayState");
        if (relay != null && relay.startsWith("/") && !relay.startsWith("//")) {
            // ok: OPEN_REDIRECT
            response.sendRedirect(relay);
            return;
        }
        response.sendRedirect("/");
    }

    // A prefix test for a `name=` key picks the pair out of the query string; the value after it is unchecked.
    @GetMapping("/sso/callback/raw")
    public void callbackRaw(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String relay = "/";
        for (String pair : request.getQueryString().split("&")) {
            if (pair.startsWith("RelayState=")) {
                relay = pair.substring("RelayState=".length());
            }
        }
        // ruleid: OPEN_REDIRECT
        response.sendRedirect(relay);
    }

    @GetMapping("/go")
    public RedirectView go(@RequestParam String to) {
        // ruleid: OPEN_REDIRECT
        return new RedirectView(to);
    }
}

@Controller
class LegacyRedirects {

    @GetMapping("/legacy/view")
    public org.springframework.web.servlet.ModelAndView view(@RequestParam String page) {
        // ruleid: OPEN_REDIRECT
        return new org.springframework.web.servlet.ModelAndView("redirect:" + page);
    }

    @GetMapping("/legacy/entity")
    public org.springframework.http.ResponseEntity<Void> entity(@RequestParam String page) {
        // ruleid: OPEN_REDIRECT
        return org.springframework.http.ResponseEntity.status(302).location(java.net.URI.create(page)).build();
    }

    @GetMapping("/legacy/home")
    public org.springframework.web.servlet.ModelAndView home(@RequestParam String page) {
        // ok: OPEN_REDIRECT
        return new org.springframework.web.servlet.ModelAndView("redirect:/home");
    }

    @GetMapping("/legacy/order")
    public org.springframework.web.servlet.ModelAndView order(@RequestParam String id) {
        // ok: OPEN_REDIRECT
        return new org.springframework.web.servlet.ModelAndView("redirect:/orders/" + id);
    }
}

final class SecuredRetry {

    /** Sends the client to the container-protected copy of the page it asked for. */
    static void toSecured(jakarta.servlet.http.HttpServletRequest req, jakarta.servlet.http.HttpServletResponse rsp) {
        String path = req.getContextPath() + "/secured" + req.getServletPath();
        String q = req.getQueryString();
        if (q != null) {
            path += '?' + q;
        }
        // ok: OPEN_REDIRECT
        rsp.setHeader("Location", path);
    }

    static void toPage(jakarta.servlet.http.HttpServletRequest req, jakarta.servlet.http.HttpServletResponse rsp) {
        // ruleid: OPEN_REDIRECT
        rsp.setHeader("Location", "/" + req.getParameter("page"));
    }
}

@Controller
class ReturnController {

    @GetMapping("/return")
    public org.springframework.http.ResponseEntity<Void> back(@RequestParam String returnTo) {
        // ruleid: OPEN_REDIRECT
        return org.springframework.http.ResponseEntity.status(302).header("Location", returnTo).build();
    }

    @GetMapping("/return/v2")
    public org.springframework.http.ResponseEntity<Void> backV2(@RequestParam String returnTo) {
        org.springframework.http.HttpHeaders headers = new org.springframework.http.HttpHeaders();
        // ruleid: OPEN_REDIRECT
        headers.set(org.springframework.http.HttpHeaders.LOCATION, returnTo);
        // ok: OPEN_REDIRECT
        headers.set("X-Return-To", returnTo);
        return new org.springframework.http.ResponseEntity<>(headers, org.springframework.http.HttpStatus.FOUND);
    }

    @GetMapping("/return/home")
    public org.springframework.http.ResponseEntity<Void> home(@RequestParam String tab) {
        // ok: OPEN_REDIRECT
        return org.springframework.http.ResponseEntity.status(302).header("Location", "/home?tab=" + tab).build();
    }

    // The HTTPS upgrade keeps the host the browser asked for and the requested URI.
    @GetMapping("/secure")
    public void upgrade(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!request.isSecure()) {
            // ok: OPEN_REDIRECT
            response.sendRedirect("https://" + request.getServerName() + request.getRequestURI());
            return;
        }
        // ruleid: OPEN_REDIRECT
        response.sendRedirect("https://" + request.getServerName() + request.getParameter("next"));
    }

    // Back to the request's own absolute URL: the scheme and host the browser sent, then its path and query.
    @GetMapping("/retry")
    public void retry(HttpServletRequest request, HttpServletResponse response) throws IOException {
        // ok: OPEN_REDIRECT
        response.sendRedirect(request.getRequestURL().toString());
        String again = request.getRequestURL().toString();
        if (request.getQueryString() != null) {
            again += "?" + request.getQueryString();
        }
        // ok: OPEN_REDIRECT
        response.sendRedirect(again);
        // A path alone is no URL: a request for `//evil.example` has that path.
        // ruleid: OPEN_REDIRECT
        response.sendRedirect(request.getRequestURI());
    }
}
