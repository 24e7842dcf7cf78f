package com.example.imports;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;

import cn.hutool.core.io.FileUtil;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

@RestController
public class ImportController {

    private final File workDir = new File("/var/lib/imports");

    // Hutool's FileUtil.file(parent, name…) throws when the resolved file is not inside the parent
    // (its zip-slip check): the name cannot step out of the directory.
    @PostMapping("/imports")
    public void upload(@RequestParam String batch, MultipartFile file) throws IOException {
        File batchDir = FileUtil.file(workDir, "batches", batch);
        File target = FileUtil.file(batchDir, file.getOriginalFilename());
        // The upload rule still reports the client's extension:
        // ok: PATH_TRAVERSAL
        // ruleid: UNSAFE_FILE_UPLOAD
        file.transferTo(target);
        // ok: PATH_TRAVERSAL
        new FileInputStream(FileUtil.file(workDir.getPath(), batch)).close();
    }

    // With one argument FileUtil.file(path) only builds the file: nothing is checked.
    @PostMapping("/imports/raw")
    public void raw(@RequestParam String path) throws IOException {
        // ruleid: PATH_TRAVERSAL
        new FileInputStream(FileUtil.file(path)).close();
    }

    // Hutool's extName / getSuffix return the text after the last dot, or "" when it holds a '/' or '\\':
    // a name built from a server-made stem and the client's extension stays in the directory. The
    // upload rule still reports the client's extension.
    @PostMapping("/imports/attach")
    public void attach(MultipartFile upload) throws IOException {
        String ext = FileUtil.extName(upload.getOriginalFilename());
        String stored = "2026/11/" + java.util.UUID.randomUUID() + "." + ext;
        File dest = new File("/var/lib/imports/" + stored);
        // ok: PATH_TRAVERSAL
        // ruleid: UNSAFE_FILE_UPLOAD
        upload.transferTo(dest);
        String suffix = cn.hutool.core.io.file.FileNameUtil.getSuffix(upload.getOriginalFilename());
        // ok: PATH_TRAVERSAL
        new FileInputStream("/var/lib/imports/tmp." + suffix).close();
        // The client's whole name still names the place:
        // ruleid: PATH_TRAVERSAL
        new FileInputStream("/var/lib/imports/" + upload.getOriginalFilename() + "." + suffix).close();
    }
}
