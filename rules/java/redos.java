package com.example.support;

import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;

import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class TicketSearch {

    private final List<String> subjects = List.of("Refund request", "Login problem");

    @GetMapping("/tickets/grep")
    public long grep(@RequestParam String pattern) {
        // ruleid: REDOS
        Pattern compiled = Pattern.compile(pattern, Pattern.CASE_INSENSITIVE);
        return subjects.stream().filter(s -> compiled.matcher(s).find()).count();
    }

    @GetMapping("/tickets/match")
    public long match(@RequestParam String expr) {
        // ruleid: REDOS
        return subjects.stream().filter(s -> s.matches(expr)).count();
    }

    @GetMapping("/tickets/subject")
    public boolean subject(@RequestParam String expr) {
        String first = subjects.get(0);
        // ruleid: REDOS
        return first.matches(expr);
    }

    /** A label expression checked against the labels asked for: `Label.matches(Collection)`, no regex. */
    interface Label {
        boolean matches(Collection<String> atoms);
    }

    @GetMapping("/tickets/labelled")
    public boolean labelled(@RequestParam List<String> labels) {
        Label urgent = atoms -> atoms.contains("urgent");
        // ok: REDOS
        return urgent.matches(labels);
    }

    /** An application's own helper named like String's method: Ant-style path patterns, no regex. */
    static final class PathPatterns {
        static boolean matches(String path, List<String> patterns) {
            org.springframework.util.AntPathMatcher matcher = new org.springframework.util.AntPathMatcher();
            return patterns.stream().anyMatch(p -> matcher.match(p, path));
        }
    }

    @GetMapping("/tickets/excluded")
    public boolean excluded(@RequestParam String path) {
        // ok: REDOS
        return PathPatterns.matches(path, List.of("/static/**", "/login"));
    }

    @GetMapping("/tickets/split")
    public String[] split(@RequestParam String text, @RequestParam String separator) {
        // ruleid: REDOS
        return text.split(separator);
    }

    @GetMapping("/tickets/contains")
    public long contains(@RequestParam String text) {
        // ok: REDOS
        Pattern compiled = Pattern.compile(".*" + Pattern.quote(text) + ".*");
        return subjects.stream().filter(s -> compiled.matcher(s).matches()).count();
    }

    /** Form check: tells the user whether the filter they typed is a valid expression. */
    @GetMapping("/tickets/filters/check")
    public String checkFilter(@RequestParam String value) {
        try {
            // ok: REDOS
            Pattern.compile(value);
        } catch (java.util.regex.PatternSyntaxException e) {
            return e.getDescription();
        }
        return "ok";
    }

    @GetMapping("/tickets/filters/try")
    public boolean tryFilter(@RequestParam String value, @RequestParam String subject) {
        try {
            // ruleid: REDOS
            return Pattern.compile(value).matcher(subject).find();
        } catch (java.util.regex.PatternSyntaxException e) {
            return false;
        }
    }

    /** A password encoder's check (Spring Security's `PasswordEncoder.matches(raw, encoded)`): no regex. */
    static final class PasswordForm {
        private String password;
        public String getPassword() { return password; }
    }

    static final class Accounts {
        private static final PasswordEncoder ENCODER = new BCryptPasswordEncoder();
        private final String stored = "$2a$10$abcdefghijklmnopqrstuv";

        boolean unlock(PasswordForm form) {
            // ok: REDOS
            return ENCODER.matches(form.getPassword(), stored);
        }

        boolean unlockAny(String typed, String expr) {
            // ruleid: REDOS
            return typed.matches(expr) || ENCODER.matches(typed, stored);
        }
    }

    private final Accounts accounts = new Accounts();

    @PostMapping("/tickets/unlock")
    public boolean unlock(@RequestBody PasswordForm form) {
        return accounts.unlock(form);
    }

    @PostMapping("/tickets/unlock-any")
    public boolean unlockAny(@RequestParam String typed, @RequestParam String expr) {
        return accounts.unlockAny(typed, expr);
    }

    @GetMapping("/contacts/check")
    public boolean checkContact(@RequestParam String phone, @RequestParam String name) {
        String pattern = "^(\\d+)+$";
        // ruleid: REDOS
        boolean digits = Pattern.matches(pattern, phone);
        // ruleid: REDOS
        boolean words = name.matches("^(\\w+\\s?)*$");
        // ok: REDOS
        boolean linear = name.matches("^[a-z]+(-[a-z]+)*$");
        // ok: REDOS
        boolean plain = phone.matches("^\\+?\\d{6,15}$");
        return digits && words && linear && plain;
    }
}
