package com.example.login;

import java.io.IOException;

import jakarta.servlet.http.HttpServletResponse;

import me.zhyd.oauth.request.AuthRequest;
import me.zhyd.oauth.utils.AuthStateUtils;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class SocialLoginController {

    // JustAuth's AuthRequest.authorize(state) builds the provider's authorization URL from the client the server
    // configured (its endpoint, client id, callback): the path variable only chooses which configured provider.
    @GetMapping("/oauth/render/{source}")
    public void render(@PathVariable String source, HttpServletResponse response) throws IOException {
        AuthRequest authRequest = OAuthClients.requestFor(source);
        String authorizeUrl = authRequest.authorize(AuthStateUtils.createState());
        // ok: OPEN_REDIRECT
        response.sendRedirect(authorizeUrl);
        // ok: OPEN_REDIRECT
        response.sendRedirect(authRequest.authorize(null));
    }

    // A method of the same name on something else (a client-supplied URL) is not the library's.
    @GetMapping("/oauth/continue")
    public void next(@RequestParam String next, HttpServletResponse response) throws IOException {
        LinkBuilder links = new LinkBuilder(next);
        // ruleid: OPEN_REDIRECT
        response.sendRedirect(links.authorize(next));
    }
}
