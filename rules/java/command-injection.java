package com.example.media;

import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class TranscodeController {

    private static final Pattern SAFE_NAME = Pattern.compile("^[a-z0-9_-]{1,64}\\.(mp4|mov)$");

    @PostMapping("/transcode")
    public void transcode(@RequestParam String file, @RequestParam String preset) throws IOException {
        String command = "ffmpeg -i /data/in/" + file + " -preset " + preset + " /data/out/" + file;
        // ruleid: COMMAND_INJECTION
        Runtime.getRuntime().exec(command);
    }

    @PostMapping("/transcode/v2")
    public void transcodeSafe(@RequestParam String file) throws IOException {
        if (!SAFE_NAME.matcher(file).matches()) {
            throw new IllegalArgumentException("bad file name");
        }
        // ok: COMMAND_INJECTION
        new ProcessBuilder("ffmpeg", "-i", "/data/in/" + file, "/data/out/" + file).start();
    }

    @PostMapping("/probe")
    public void probe(@RequestParam String url) throws IOException {
        // ruleid: COMMAND_INJECTION
        new ProcessBuilder("/bin/sh", "-c", "ffprobe " + url).inheritIO().start();
    }

    @PostMapping("/probe/v2")
    public void probeList(@RequestParam String url) throws IOException {
        ProcessBuilder builder = new ProcessBuilder();
        // ruleid: COMMAND_INJECTION
        builder.command(java.util.Arrays.asList("sh", "-c", "ffprobe " + url));
        builder.start();
    }

    @PostMapping("/probe/v3")
    public void probeArgs(@RequestParam String url) throws IOException {
        ProcessBuilder builder = new ProcessBuilder();
        // ok: COMMAND_INJECTION
        builder.command(java.util.List.of("ffprobe", "-v", "error", url));
        builder.start();
    }

    @PostMapping("/run-tool")
    public void runTool(@RequestParam String tool) throws IOException {
        // ruleid: COMMAND_INJECTION
        new ProcessBuilder(tool, "--version").start();
    }

    @PostMapping("/cleanup")
    public void cleanup(@RequestParam int days) throws IOException {
        // ok: COMMAND_INJECTION
        Runtime.getRuntime().exec(new String[] {"find", "/data/tmp", "-mtime", "+" + days, "-delete"});
    }

    @PostMapping("/batch")
    public void batch(@RequestParam List<String> names) throws IOException {
        String joined = String.join(" ", names);
        String[] argv = {"bash", "-c", "zip /data/out/batch.zip " + joined};
        // ruleid: COMMAND_INJECTION
        Runtime.getRuntime().exec(argv);
    }
}

@jakarta.ws.rs.Path("/diagnostics")
class DiagnosticsResource {

    @jakarta.ws.rs.GET
    @jakarta.ws.rs.Path("/trace")
    public String trace(@jakarta.ws.rs.QueryParam("target") String target) throws IOException {
        // ruleid: COMMAND_INJECTION
        Process p = Runtime.getRuntime().exec("traceroute " + target);
        return String.valueOf(p.pid());
    }
}

/** An administrator's input still reaches beyond the role when it runs a shell command on the server. */
@RestController
class MaintenanceController {

    @PostMapping("/admin/backup")
    @org.springframework.security.access.prepost.PreAuthorize("hasRole('ADMIN')")
    public void backup(@RequestParam String directory) throws IOException {
        // ok: PATH_TRAVERSAL
        java.nio.file.Files.createDirectories(java.nio.file.Path.of(directory));
        // ruleid: COMMAND_INJECTION
        Runtime.getRuntime().exec("tar czf /var/backups/site.tgz " + directory);
    }
}

/** Spring binds unannotated handler parameters from the request too; framework objects it passes are not input. */
@RestController
class PingController {

    @org.springframework.web.bind.annotation.GetMapping("/ping")
    public String ping(String host, org.springframework.ui.Model model, jakarta.servlet.http.HttpServletRequest request) throws IOException {
        Runtime run = Runtime.getRuntime();
        // ruleid: COMMAND_INJECTION
        Process p = run.exec("ping -c 1 " + host);
        // ok: COMMAND_INJECTION
        run.exec("uptime " + request.getSession().getId());
        return String.valueOf(p.pid());
    }

    @org.springframework.web.bind.annotation.RequestMapping("/ping/count")
    public void count(int times, @org.springframework.security.core.annotation.AuthenticationPrincipal String user) throws IOException {
        // ok: COMMAND_INJECTION
        Runtime.getRuntime().exec("ping -c " + times + " localhost " + user);
    }

    /** Not a handler: its parameters come from the application. */
    public void helper(String host) throws IOException {
        // ok: COMMAND_INJECTION
        Runtime.getRuntime().exec("ping -c 1 " + host);
    }
}
