package com.example.remember;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.util.Base64;

import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletRequest;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.springframework.web.util.WebUtils.getCookie;
import static org.apache.commons.lang3.StringUtils.isBlank;

/** A member imported statically is read as it would be written in full: `getCookie(…)` is `WebUtils.getCookie(…)`. */
@RestController
public class RememberMeController {

    @GetMapping("/remember")
    public String remember(HttpServletRequest request) throws IOException, ClassNotFoundException {
        Cookie cookie = getCookie(request, "rememberMe");
        if (cookie == null || isBlank(cookie.getValue())) {
            return "none";
        }
        byte[] decoded = Base64.getDecoder().decode(cookie.getValue());
        ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(decoded));
        // ruleid: INSECURE_DESERIALIZATION
        in.readObject();
        return "ok";
    }

    @GetMapping("/remember/local")
    public String rememberLocal(HttpServletRequest request) throws IOException, ClassNotFoundException {
        // The project's own getCookie of another name: a fixed value, no request data.
        byte[] decoded = Base64.getDecoder().decode(cookieOf("rememberMe"));
        ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(decoded));
        // ok: INSECURE_DESERIALIZATION
        in.readObject();
        return "ok";
    }

    private static String cookieOf(String name) {
        return "rO0AB" + name.length();
    }
}

/** The project's own stream that checks each class before it is loaded (look-ahead deserialisation). */
class AllowListObjectInputStream extends ObjectInputStream {

    AllowListObjectInputStream(java.io.InputStream in) throws IOException {
        super(in);
    }

    @Override
    protected Class<?> resolveClass(java.io.ObjectStreamClass desc) throws IOException, ClassNotFoundException {
        if (!desc.getName().startsWith("com.example.remember.")) {
            throw new java.io.InvalidClassException("not allowed", desc.getName());
        }
        return super.resolveClass(desc);
    }
}

@RestController
class CheckedRememberMeController {

    @GetMapping("/remember/checked")
    public String remember(HttpServletRequest request) throws IOException, ClassNotFoundException {
        Cookie cookie = getCookie(request, "rememberMe");
        byte[] decoded = Base64.getDecoder().decode(cookie.getValue());
        AllowListObjectInputStream in = new AllowListObjectInputStream(new ByteArrayInputStream(decoded));
        // ok: INSECURE_DESERIALIZATION
        in.readObject();
        return "ok";
    }
}
