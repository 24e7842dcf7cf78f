package com.example.library.web;

import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.MultipartConfig;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.Part;
import java.io.IOException;
import java.nio.file.Paths;
import java.util.UUID;

@WebServlet("/covers")
@MultipartConfig
public class CoverUploadServlet extends HttpServlet {
    private static final String COVERS = "/var/library/covers";

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException, ServletException {
        Part cover = request.getPart("cover");
        String isbn = request.getParameter("isbn");
        // ruleid: PATH_TRAVERSAL, UNSAFE_FILE_UPLOAD
        cover.write(COVERS + "/" + cover.getSubmittedFileName());
        // ruleid: PATH_TRAVERSAL
        cover.write(COVERS + "/" + isbn + ".jpg");
        // ok: PATH_TRAVERSAL, UNSAFE_FILE_UPLOAD
        cover.write(COVERS + "/" + UUID.randomUUID() + ".jpg");
        // ok: PATH_TRAVERSAL
        cover.write(COVERS + "/" + Paths.get(isbn).getFileName() + ".jpg");
        response.setStatus(HttpServletResponse.SC_CREATED);
    }
}
