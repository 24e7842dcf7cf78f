package com.example.docs;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import jakarta.servlet.http.HttpServletRequest;

import org.apache.commons.io.FilenameUtils;

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

    // Commons IO keeps a name's last component: its base name and extension hold no separator.
    @GetMapping("/manuals/format")
    public byte[] format(@RequestParam String page) throws IOException {
        String file = FilenameUtils.getBaseName(page) + "." + FilenameUtils.getExtension(page);
        // ok: PATH_TRAVERSAL
        return Files.readAllBytes(ROOT.resolve(file));
    }

    @GetMapping("/manuals/stem")
    public byte[] stem(@RequestParam String page) throws IOException {
        // ruleid: PATH_TRAVERSAL
        return Files.readAllBytes(ROOT.resolve(FilenameUtils.removeExtension(page) + ".pdf"));
    }

    // A prefix test for a `name=` key picks the pair out of the query string; the value after it is unchecked.
    @GetMapping("/manuals/raw")
    public byte[] raw(HttpServletRequest request) throws IOException {
        String page = "";
        for (String pair : request.getQueryString().split("&")) {
            if (pair.startsWith("page=")) {
                page = pair.substring(5);
            }
        }
        // ruleid: PATH_TRAVERSAL
        return Files.readAllBytes(Paths.get("/srv/manuals/" + page));
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

/** Administrators choose where backups go: handlers only they reach read the operator's input. */
@RestController
class BackupController {

    @PostMapping("/admin/backup")
    @PreAuthorize("hasRole('ADMIN')")
    public void backup(@RequestParam String directory) throws IOException {
        // ok: PATH_TRAVERSAL
        Files.createDirectories(Path.of(directory));
    }

    @PostMapping("/backup/restore")
    @PreAuthorize("hasRole('USER')")
    public byte[] restore(@RequestParam String name) throws IOException {
        // ruleid: PATH_TRAVERSAL
        return Files.readAllBytes(Path.of("/srv/backups", name));
    }

    // A Stapler action that checks for the administer permission first (Jenkins).
    public void doExport(StaplerRequest req) throws IOException {
        Jenkins.get().checkPermission(Jenkins.ADMINISTER);
        String target = req.getParameter("target");
        // ok: PATH_TRAVERSAL
        Files.createDirectories(Path.of(target));
    }

    public void doDownload(StaplerRequest req) throws IOException {
        Jenkins.get().checkPermission(Item.READ);
        String name = req.getParameter("name");
        // ruleid: PATH_TRAVERSAL
        Files.readAllBytes(Path.of("/var/jenkins/exports", name));
    }
}

/** Records looked up by a request key are the application's: their own paths are not the request's. */
class CopyJobAction {
    private final DocumentRepository documentRepository;

    CopyJobAction(DocumentRepository documentRepository) {
        this.documentRepository = documentRepository;
    }

    public void doCopy(StaplerRequest req) throws IOException {
        Item src = Jenkins.get().getItem(req.getParameter("from"));
        // ok: PATH_TRAVERSAL
        Files.copy(src.getConfigFile().toPath(), Path.of("/var/jenkins/copies/config.xml"));
    }

    @GetMapping("/documents/{name}")
    public byte[] document(@PathVariable String name) throws IOException {
        Document document = documentRepository.findByName(name);
        // ok: PATH_TRAVERSAL
        byte[] stored = Files.readAllBytes(Path.of(document.getStoragePath()));
        // ruleid: PATH_TRAVERSAL
        return Files.readAllBytes(Path.of("/srv/documents", name));
    }
}

/** A vetted name stays vetted when it is read again through a call (`name.trim()`). */
class JobFolders {
    private static final java.util.regex.Pattern SAFE_NAME = java.util.regex.Pattern.compile("^[A-Za-z0-9_-]+$");

    public void doCreate(HttpServletRequest req) throws IOException {
        String name = req.getParameter("name");
        if (!SAFE_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("bad name");
        }
        String trimmed = name.trim();
        // ok: PATH_TRAVERSAL
        Files.createDirectory(Path.of("/var/jobs", trimmed));
    }

    public void doRename(HttpServletRequest req) throws IOException {
        String name = req.getParameter("name");
        String trimmed = name.trim();
        // ruleid: PATH_TRAVERSAL
        Files.createDirectory(Path.of("/var/jobs", trimmed));
    }
}

/** A name with every path separator taken out can only name an entry of the directory it is put in. */
class AttachmentStore {
    private static final String BASE = "/srv/attachments/";

    static String cleanName(String fileName) {
        fileName = fileName.replaceAll("[\\\\/:*?\"<>|\\s]", "");
        return fileName.trim();
    }

    @org.springframework.web.bind.annotation.PostMapping("/attachments")
    public void save(@RequestParam("file") org.springframework.web.multipart.MultipartFile file) throws IOException {
        String name = cleanName(file.getOriginalFilename());
        // ok: PATH_TRAVERSAL
        // ruleid: UNSAFE_FILE_UPLOAD
        file.transferTo(new File(BASE + name));
    }

    public byte[] read(HttpServletRequest req) throws IOException {
        String name = req.getParameter("name").replaceAll("[/\\\\]+", "_");
        // ok: PATH_TRAVERSAL
        return Files.readAllBytes(Paths.get(BASE + name));
    }

    public byte[] readDotsOnly(HttpServletRequest req) throws IOException {
        // One pass over "../" leaves "../" of "....//".
        String name = req.getParameter("name").replace("../", "");
        // ruleid: PATH_TRAVERSAL
        return Files.readAllBytes(Paths.get(BASE + name));
    }

    public byte[] readSlashesToDirs(HttpServletRequest req) throws IOException {
        // A replacement that puts a separator back keeps the traversal.
        String name = req.getParameter("name").replaceAll("[\\\\/]", "/");
        // ruleid: PATH_TRAVERSAL
        return Files.readAllBytes(Paths.get(BASE + name));
    }
}

/** What is written is not where: the content copied or written is the request's, the path the server's. */
class UploadCopies {
    private static final String BASE = "/srv/uploads/";

    @org.springframework.web.bind.annotation.PostMapping("/uploads")
    public void upload(@RequestParam("file") org.springframework.web.multipart.MultipartFile file) throws IOException {
        // ok: PATH_TRAVERSAL
        Files.copy(file.getInputStream(), Paths.get(BASE, java.util.UUID.randomUUID() + ".bin"));
        store(file.getInputStream());
    }

    private void store(InputStream content) throws IOException {
        Path temp = Files.createTempFile("upload-", ".tmp");
        // ok: PATH_TRAVERSAL
        Files.copy(content, temp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    public void note(HttpServletRequest req) throws IOException {
        // ok: PATH_TRAVERSAL
        Files.write(Paths.get(BASE, "notes.txt"), req.getParameter("text").getBytes());
        // ok: PATH_TRAVERSAL
        Files.writeString(Paths.get(BASE, "last.txt"), req.getParameter("text"));
    }

    public void named(HttpServletRequest req) throws IOException {
        // ruleid: PATH_TRAVERSAL
        Files.copy(req.getInputStream(), Paths.get(BASE + req.getParameter("name")));
        // ruleid: PATH_TRAVERSAL
        Files.writeString(Paths.get(BASE + req.getParameter("name")), "done");
    }
}

/** A temporary file named after the request's extension: the JDK refuses a prefix or suffix that is not a plain name. */
class PreviewConverter {
    static void convert(HttpServletRequest req) throws IOException {
        String name = req.getParameter("name");
        File tmp = File.createTempFile("okm", name.substring(name.lastIndexOf('.')));
        // ok: PATH_TRAVERSAL
        org.apache.commons.io.FileUtils.deleteQuietly(tmp);
        // The directory it is made in still counts.
        File inDir = File.createTempFile("okm", ".tmp", new File(req.getParameter("dir")));
        // ruleid: PATH_TRAVERSAL
        org.apache.commons.io.FileUtils.deleteQuietly(inDir);
    }
}

/**
 * A name with every ".." taken out (String.replace replaces each occurrence): a run of dots shrinks to one dot or
 * none, so no step up is left. Taking out "../" alone is not enough ("....//" becomes "../").
 */
class TemplateFiles {
    private static final String BLANK = "";

    static String safeName(String path) {
        return path == null ? null : path.replace("..", BLANK);
    }

    static void open(HttpServletRequest req) throws IOException {
        String name = req.getParameter("name");
        // A deny-list check holds where the value is bad: its else branch sees the name vetted.
        if (name.contains("..")) {
            // ruleid: PATH_TRAVERSAL
            Files.delete(Paths.get("/srv/quarantine/" + name));
        } else {
            // ok: PATH_TRAVERSAL
            Files.delete(Paths.get("/srv/templates/" + name));
        }
        String other = req.getParameter("other");
        if (!other.contains("..")) {
            // ok: PATH_TRAVERSAL
            Files.delete(Paths.get("/srv/templates/" + other));
        }
        // Beside a check that the same value is there, the else runs where it is absent or not denied.
        String kept = req.getParameter("kept");
        if (kept != null && kept.contains("..")) {
            throw new IllegalArgumentException("bad name");
        } else {
            // ok: PATH_TRAVERSAL
            Files.delete(Paths.get("/srv/templates/" + kept));
        }
        // Beside a check of something else, the else also runs for a denied value.
        String loose = req.getParameter("loose");
        if (STRICT && loose.contains("..")) {
            throw new IllegalArgumentException("bad name");
        } else {
            // ruleid: PATH_TRAVERSAL
            Files.delete(Paths.get("/srv/templates/" + loose));
        }
    }

    static boolean STRICT = Boolean.getBoolean("strict");

    static void remove(HttpServletRequest req) throws IOException {
        // ok: PATH_TRAVERSAL
        Files.delete(Paths.get("/srv/templates/" + safeName(req.getParameter("path"))));
        // ok: PATH_TRAVERSAL
        Files.delete(Paths.get("/srv/templates/" + req.getParameter("path").replaceAll("\\.\\.", "")));
        // ok: PATH_TRAVERSAL
        Files.delete(Paths.get("/srv/templates/" + org.apache.commons.lang3.StringUtils.replace(req.getParameter("path"), "..", "")));
        // ruleid: PATH_TRAVERSAL
        Files.delete(Paths.get("/srv/templates/" + req.getParameter("path").replace("../", "")));
        // ruleid: PATH_TRAVERSAL
        Files.delete(Paths.get("/srv/templates/" + req.getParameter("path").replaceFirst("\\.\\.", "")));
        // ruleid: PATH_TRAVERSAL
        Files.delete(Paths.get("/srv/templates/" + req.getParameter("path").replace("..", ".")));
    }
}
