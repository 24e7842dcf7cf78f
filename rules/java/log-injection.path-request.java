package com.example.blog.rendering;

import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.commons.lang3.StringUtils;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

// A request parsed from its path: each segment is kept only when it passes a character-class check
// (Commons Lang's StringUtils.isAlphanumeric / isNumeric), so no line break reaches the log.
public class FeedRequest {

    private static final Log log = LogFactory.getLog(FeedRequest.class);

    private String blogHandle = null;
    private String format = null;
    private String category = null;

    public FeedRequest(HttpServletRequest request) throws Exception {
        String[] parts = request.getPathInfo().substring(1).split("/");
        if (StringUtils.isAlphanumeric(parts[0])) {
            this.blogHandle = parts[0];
        } else {
            throw new Exception("invalid blog handle");
        }
        if (parts.length > 1 && !StringUtils.isNumeric(parts[1])) {
            throw new Exception("invalid page");
        }
        this.format = parts.length > 1 ? parts[1] : "rss";
        this.category = request.getParameter("cat");
    }

    public void lookUp() {
        try {
            load(blogHandle, category);
        } catch (Exception ex) {
            // ok: LOG_INJECTION
            log.error("Error looking up blog " + blogHandle, ex);
            // ok: LOG_INJECTION
            log.error("Error rendering page " + format, ex);
            // ruleid: LOG_INJECTION
            log.error("Error looking up category " + category, ex);
        }
    }

    public static void page(HttpServletRequest request) {
        String theme = request.getParameter("theme");
        if (StringUtils.isAlphanumeric(theme)) {
            // ok: LOG_INJECTION
            log.info("Previewing theme " + theme);
        }
        // ruleid: LOG_INJECTION
        log.info("Theme asked for: " + theme);
    }

    private void load(String handle, String cat) throws Exception {
    }
}

class FeedServlet extends HttpServlet {
    @Override
    public void doGet(HttpServletRequest request, HttpServletResponse response) throws java.io.IOException {
        try {
            FeedRequest feedRequest = new FeedRequest(request);
            feedRequest.lookUp();
        } catch (Exception e) {
            response.sendError(404);
        }
    }
}
