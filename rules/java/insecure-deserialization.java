package com.example.sessions;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.util.Base64;

import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class PreferencesController {

    private static final ObjectInputFilter PREFS_ONLY = ObjectInputFilter.Config.createFilter("com.example.sessions.Preferences;java.base/*;!*");

    @GetMapping("/prefs")
    public Object prefs(@CookieValue("prefs") String cookie) throws IOException, ClassNotFoundException {
        byte[] raw = Base64.getDecoder().decode(cookie);
        ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(raw));
        // ruleid: INSECURE_DESERIALIZATION
        return in.readObject();
    }

    @GetMapping("/prefs/v2")
    public Object prefsFiltered(@CookieValue("prefs") String cookie) throws IOException, ClassNotFoundException {
        byte[] raw = Base64.getDecoder().decode(cookie);
        ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(raw));
        in.setObjectInputFilter(PREFS_ONLY);
        // ok: INSECURE_DESERIALIZATION
        return in.readObject();
    }

    private final javax.crypto.SecretKey stateKey = null;

    /** State the server encrypted with its own key and handed to the client to send back. */
    @GetMapping("/prefs/state")
    public Object state(@org.springframework.web.bind.annotation.RequestHeader("X-State") String header) throws Exception {
        javax.crypto.Cipher cipher = javax.crypto.Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(javax.crypto.Cipher.DECRYPT_MODE, stateKey);
        ObjectInputStream in = new ObjectInputStream(new javax.crypto.CipherInputStream(new ByteArrayInputStream(Base64.getDecoder().decode(header)), cipher));
        // ok: INSECURE_DESERIALIZATION
        return in.readObject();
    }
}

@RestController
class FastjsonController {

    @org.springframework.web.bind.annotation.PostMapping("/settings/import")
    public String importSettings(@org.springframework.web.bind.annotation.RequestBody String body) {
        // ruleid: INSECURE_DESERIALIZATION
        com.alibaba.fastjson.JSONObject settings = com.alibaba.fastjson.JSON.parseObject(body);
        return settings.getString("theme");
    }

    @GetMapping("/settings/defaults")
    public String defaults() {
        // ok: INSECURE_DESERIALIZATION
        return com.alibaba.fastjson.JSON.parseObject("{\"theme\":\"light\"}").getString("theme");
    }
}

@RestController
class ImportController {

    @org.springframework.web.bind.annotation.PostMapping("/import/yaml")
    public Object importYaml(@org.springframework.web.bind.annotation.RequestBody String content) {
        org.yaml.snakeyaml.Yaml y = new org.yaml.snakeyaml.Yaml();
        // ruleid: INSECURE_DESERIALIZATION
        return y.load(content);
    }

    @org.springframework.web.bind.annotation.PostMapping("/import/yaml/safe")
    public Object importYamlSafe(@org.springframework.web.bind.annotation.RequestBody String content) {
        org.yaml.snakeyaml.Yaml y = new org.yaml.snakeyaml.Yaml(new org.yaml.snakeyaml.constructor.SafeConstructor(new org.yaml.snakeyaml.LoaderOptions()));
        // ok: INSECURE_DESERIALIZATION
        return y.load(content);
    }

    @org.springframework.web.bind.annotation.PostMapping("/import/json")
    public Object importJson(@org.springframework.web.bind.annotation.RequestBody String payload) throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        mapper.enableDefaultTyping();
        // ruleid: INSECURE_DESERIALIZATION
        return mapper.readValue(payload, Object.class);
    }

    @org.springframework.web.bind.annotation.PostMapping("/import/json/plain")
    public Object importJsonPlain(@org.springframework.web.bind.annotation.RequestBody String payload) throws IOException {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        // ok: INSECURE_DESERIALIZATION
        return mapper.readValue(payload, java.util.Map.class);
    }
}
