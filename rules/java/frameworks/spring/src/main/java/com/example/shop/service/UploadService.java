package com.example.shop.service;

import java.io.File;
import java.io.IOException;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;
import org.springframework.stereotype.Service;
import org.springframework.web.multipart.MultipartFile;

@Service
public class UploadService {
    private static final String ROOT = "/var/shop/images";

    public void store(MultipartFile image, String folder) throws IOException {
        File dir = new File(ROOT, folder);
        // ruleid: PATH_TRAVERSAL, UNSAFE_FILE_UPLOAD
        image.transferTo(new File(dir, image.getOriginalFilename()));
    }

    public Resource open(String file) {
        // ruleid: PATH_TRAVERSAL
        return new FileSystemResource(ROOT + "/" + file);
    }
}
