package com.example.export;

import java.io.IOException;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ExportController {

    @GetMapping("/export")
    public void export(@RequestParam String title, HttpServletResponse response) throws IOException {
        // ruleid: HEADER_INJECTION
        response.setHeader("Content-Disposition", "attachment; filename=\"" + title + ".csv\"");
        response.getWriter().write("id,total\n");
    }

    @GetMapping("/export/v2")
    public void exportSafe(@RequestParam String title, HttpServletResponse response) throws IOException {
        String safe = title.replaceAll("[^A-Za-z0-9._-]", "_");
        // ok: HEADER_INJECTION
        response.setHeader("Content-Disposition", "attachment; filename=\"" + safe + ".csv\"");
        response.getWriter().write("id,total\n");
    }

    @GetMapping("/trace")
    public void trace(@RequestHeader("X-Request-Id") String requestId, HttpServletResponse response) {
        // A free-form header echoed back: the container replaces CR/LF, nothing else in it has meaning.
        // ok: HEADER_INJECTION
        response.addHeader("X-Request-Id", requestId);
        // ok: HEADER_INJECTION
        response.addHeader("X-Served-By", "export-1");
    }

    @GetMapping("/preview")
    public void preview(@RequestParam String format, HttpServletResponse response) throws java.io.IOException {
        // ruleid: HEADER_INJECTION
        response.setHeader("Content-Type", "text/" + format);
        response.getWriter().write("preview");
    }
}
