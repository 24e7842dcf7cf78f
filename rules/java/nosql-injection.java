package com.example.audit;

import java.util.ArrayList;
import java.util.List;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import org.bson.Document;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class AuditSearch {

    private final MongoCollection<Document> audit;

    public AuditSearch(MongoCollection<Document> audit) {
        this.audit = audit;
    }

    @GetMapping("/audit/by-ip")
    public List<Document> byIp(@RequestParam String ip) {
        String js = "this.clientIp.startsWith('" + ip + "')";
        // ruleid: NOSQL_INJECTION
        return audit.find(new Document("$where", js)).into(new ArrayList<>());
    }

    @GetMapping("/audit/by-ip/v2")
    public List<Document> byIpSafe(@RequestParam String ip) {
        // ok: NOSQL_INJECTION
        return audit.find(Filters.eq("clientIp", ip)).into(new ArrayList<>());
    }

    @GetMapping("/audit/by-user")
    public List<Document> byUser(@RequestParam String user) {
        // ok: NOSQL_INJECTION
        return audit.find(new Document("user", user)).into(new ArrayList<>());
    }

    @PostMapping("/audit/search")
    public List<Document> search(@RequestBody String criteria) {
        // ruleid: NOSQL_INJECTION
        Document filter = Document.parse(criteria);
        return audit.find(filter).into(new ArrayList<>());
    }
}
