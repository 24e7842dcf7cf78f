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

        static String extName(String name) {
            return name.substring(name.lastIndexOf('.') + 1);
        }
    }

    private final File exportDir = new File("/var/lib/exports");

    @GetMapping("/exports")
    public void read(@RequestParam String name) throws IOException {
        // ruleid: PATH_TRAVERSAL
        new FileInputStream(FileUtil.file(exportDir, name)).close();
    }

    // Its extName keeps whatever follows the last dot, separators too ("x./../../etc/passwd").
    @GetMapping("/exports/ext")
    public void byExtension(@RequestParam String name) throws IOException {
        // ruleid: PATH_TRAVERSAL
        new FileInputStream("/var/lib/exports/report." + FileUtil.extName(name)).close();
    }
}
