package com.example.reports;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

public final class ReportFiles {

    private ReportFiles() {
    }

    public static void share(Path report) throws IOException {
        // ruleid: INSECURE_PERMISSIONS
        Files.setPosixFilePermissions(report, PosixFilePermissions.fromString("rw-rw-rw-"));
    }

    public static void restrict(Path report) throws IOException {
        // ok: INSECURE_PERMISSIONS
        Files.setPosixFilePermissions(report, PosixFilePermissions.fromString("rw-r-----"));
    }

    public static void openUp(File dir) {
        // ruleid: INSECURE_PERMISSIONS
        dir.setWritable(true, false);
        // ok: INSECURE_PERMISSIONS
        dir.setReadable(true, true);
    }
}
