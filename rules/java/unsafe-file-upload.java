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
