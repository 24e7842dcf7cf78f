package org.acme.tickets.service;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

@ApplicationScoped
public class AttachmentStore {
    private static final Path ROOT = Paths.get("/srv/tickets/attachments");

    public byte[] read(long ticketId, String name) {
        try {
            // ruleid: PATH_TRAVERSAL
            return Files.readAllBytes(ROOT.resolve(ticketId + "/" + name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public byte[] readSafely(long ticketId, String name) {
        try {
            // ok: PATH_TRAVERSAL
            return Files.readAllBytes(ROOT.resolve(String.valueOf(ticketId)).resolve(Paths.get(name).getFileName()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
