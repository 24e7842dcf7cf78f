package com.example.docs;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ManualController {

    private static final Path ROOT = Paths.get("/srv/manuals").toAbsolutePath().normalize();

    @GetMapping("/manuals/raw")
    public byte[] raw(@RequestParam String page) throws IOException {
        Path target = ROOT.resolve(page);
        // ruleid: PATH_TRAVERSAL
        return Files.readAllBytes(target);
    }

    @GetMapping("/manuals/checked")
    public byte[] checked(@RequestParam String page) throws IOException {
        Path target = ROOT.resolve(page).normalize();
        if (!target.startsWith(ROOT)) {
            throw new SecurityException("outside the manual directory");
        }
        // ok: PATH_TRAVERSAL
        return Files.readAllBytes(target);
    }

    @GetMapping("/manuals/flat")
    public byte[] flat(@RequestParam String page) throws IOException {
        Path name = Paths.get(page).getFileName();
        // ok: PATH_TRAVERSAL
        return Files.readAllBytes(ROOT.resolve(name));
    }

    public InputStream legacy(HttpServletRequest request) throws IOException {
        String lang = request.getHeader("X-Manual-Lang");
        // ruleid: PATH_TRAVERSAL
        return new FileInputStream("/srv/manuals/" + lang + "/index.html");
    }

    @DeleteMapping("/manuals/{name}")
    public boolean delete(@PathVariable String name) {
        // ruleid: PATH_TRAVERSAL
        return new File(ROOT.toFile(), name).delete();
    }

    @GetMapping("/manuals/default")
    public byte[] defaultPage() throws IOException {
        // ok: PATH_TRAVERSAL
        return Files.readAllBytes(ROOT.resolve("index.html"));
    }
}

/** A Spring WebFlux functional handler: the route's path variable names a document. */
final class DocumentHandler {

    reactor.core.publisher.Mono<org.springframework.web.reactive.function.server.ServerResponse> show(
            org.springframework.web.reactive.function.server.ServerRequest request) throws java.io.IOException {
        String name = request.pathVariable("name");
        // ruleid: PATH_TRAVERSAL
        String body = java.nio.file.Files.readString(java.nio.file.Path.of("/srv/docs", name));
        return org.springframework.web.reactive.function.server.ServerResponse.ok().bodyValue(body);
    }
}
