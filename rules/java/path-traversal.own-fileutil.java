package com.example.exports;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ExportController {

    /** A project's own helper of the same name checks nothing: its file(parent, name) is new File. */
    static final class FileUtil {
        static File file(File parent, String name) {
            return new File(parent, name);
        }
    }

    private final File exportDir = new File("/var/lib/exports");

    @GetMapping("/exports")
    public void read(@RequestParam String name) throws IOException {
        // ruleid: PATH_TRAVERSAL
        new FileInputStream(FileUtil.file(exportDir, name)).close();
    }
}
