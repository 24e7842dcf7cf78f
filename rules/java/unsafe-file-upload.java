package com.example.avatars;

import java.io.File;
import java.io.IOException;
import java.util.Map;
import java.util.UUID;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

@RestController
public class AvatarController {

    private static final String PUBLIC_DIR = "/var/www/static/avatars";
    private static final Map<String, String> EXTENSIONS = Map.of("image/png", ".png", "image/jpeg", ".jpg");

    @PostMapping("/avatars")
    public String upload(@RequestParam("avatar") MultipartFile avatar) throws IOException {
        String name = avatar.getOriginalFilename();
        // ruleid: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
        avatar.transferTo(new File(PUBLIC_DIR + "/" + name));
        return name;
    }

    @PostMapping("/avatars/v2")
    public String uploadSafe(@RequestParam("avatar") MultipartFile avatar) throws IOException {
        String extension = EXTENSIONS.get(avatar.getContentType());
        if (extension == null) {
            throw new IllegalArgumentException("unsupported image type");
        }
        String name = UUID.randomUUID() + extension;
        // ok: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
        avatar.transferTo(new File(PUBLIC_DIR, name));
        return name;
    }
    @PostMapping("/avatars/raw")
    public String uploadRaw(@RequestParam("avatar") MultipartFile avatar) throws IOException {
        java.nio.file.Path target = java.nio.file.Paths.get(PUBLIC_DIR + "/" + avatar.getOriginalFilename());
        // ruleid: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
        java.nio.file.Files.write(target, avatar.getBytes());
        java.nio.file.Path generated = java.nio.file.Paths.get(PUBLIC_DIR, UUID.randomUUID() + ".png");
        // The client's name is the content here, not the file's name.
        // ok: UNSAFE_FILE_UPLOAD
        java.nio.file.Files.write(generated, avatar.getOriginalFilename().getBytes());
        return target.getFileName().toString();
    }

    /** An import archive kept in the system's temporary directory under a name the JDK makes up: nothing serves it. */
    @PostMapping("/avatars/import")
    public void importArchive(@RequestParam("archive") MultipartFile archive) throws IOException {
        String original = archive.getOriginalFilename();
        String suffix = original.substring(original.lastIndexOf('.'));
        File temp = File.createTempFile("import_", suffix);
        // ok: UNSAFE_FILE_UPLOAD
        archive.transferTo(temp);
        // Made in the public directory, it keeps the client's extension where it is served.
        File served = File.createTempFile("avatar_", suffix, new File(PUBLIC_DIR));
        // ruleid: UNSAFE_FILE_UPLOAD
        archive.transferTo(served);
    }
}

@javax.servlet.annotation.WebServlet("/admin/pages")
class SavePageServlet extends javax.servlet.http.HttpServlet {
    @Override
    protected void doPost(javax.servlet.http.HttpServletRequest req, javax.servlet.http.HttpServletResponse resp) throws IOException {
        String title = req.getParameter("title");
        String body = req.getParameter("body");
        String folder = getServletContext().getRealPath("/content");
        File page = new File(folder + "/" + title);
        // ruleid: UNSAFE_FILE_UPLOAD, PATH_TRAVERSAL
        try (java.io.BufferedWriter out = new java.io.BufferedWriter(new java.io.FileWriter(page.getAbsoluteFile()))) {
            out.write(body);
        }
        // A name the server makes: the extension is its own.
        File named = new File(folder, UUID.randomUUID() + ".html");
        // ok: UNSAFE_FILE_UPLOAD
        try (java.io.FileWriter out = new java.io.FileWriter(named)) {
            out.write(body);
        }
    }
}

@javax.servlet.annotation.WebServlet("/export")
class ExportServlet extends javax.servlet.http.HttpServlet {
    @Override
    protected void doPost(javax.servlet.http.HttpServletRequest req, javax.servlet.http.HttpServletResponse resp) throws IOException {
        // Written outside the web application: the request names nothing there.
        File out = new File("/var/lib/exports", UUID.randomUUID() + ".csv");
        // ok: UNSAFE_FILE_UPLOAD
        java.nio.file.Files.writeString(out.toPath(), req.getParameter("rows"));
    }
}
