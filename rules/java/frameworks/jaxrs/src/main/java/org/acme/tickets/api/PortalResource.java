package org.acme.tickets.api;

import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import org.acme.tickets.service.StatusClient;
import org.owasp.encoder.Encode;

@Path("/portal")
public class PortalResource {
    private final StatusClient status = new StatusClient();

    @GET
    @Path("/welcome")
    @Produces(MediaType.TEXT_HTML)
    public String welcome(@QueryParam("name") String name) {
        // ruleid: XSS
        return "<h1>Welcome back, " + name + "</h1>";
    }

    @GET
    @Path("/welcome-safe")
    @Produces(MediaType.TEXT_HTML)
    public String welcomeSafe(@QueryParam("name") String name) {
        // ok: XSS
        return "<h1>Welcome back, " + Encode.forHtml(name) + "</h1>";
    }

    @GET
    @Path("/welcome.json")
    @Produces(MediaType.APPLICATION_JSON)
    public String welcomeJson(@QueryParam("name") String name) {
        // ok: XSS
        return "{\"greeting\": \"Welcome back\"}";
    }

    @GET
    @Path("/banner")
    public Response banner(@Context UriInfo uriInfo) {
        String text = uriInfo.getQueryParameters().getFirst("text");
        // ruleid: XSS
        return Response.ok("<div class=\"banner\">" + text + "</div>", MediaType.TEXT_HTML).build();
    }

    @POST
    @Path("/login")
    public Response login(@FormParam("user") String user, @FormParam("next") String next) {
        if (next == null || next.isEmpty()) {
            // ok: OPEN_REDIRECT
            return Response.seeOther(URI.create("/portal/home")).build();
        }
        // ruleid: OPEN_REDIRECT
        return Response.seeOther(URI.create(next)).build();
    }

    @GET
    @Path("/moved")
    public Response moved(@QueryParam("to") String to) {
        // ruleid: OPEN_REDIRECT
        return Response.temporaryRedirect(new URI(to)).build();
    }

    @GET
    @Path("/upstream")
    @Produces(MediaType.APPLICATION_JSON)
    public String upstream(@QueryParam("endpoint") String endpoint, @QueryParam("ticket") String ticket) {
        status.forTicket(ticket);
        status.health(endpoint);
        return status.fetch(endpoint);
    }
}
