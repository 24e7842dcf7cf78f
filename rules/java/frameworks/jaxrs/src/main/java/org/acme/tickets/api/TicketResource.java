package org.acme.tickets.api;

import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import org.acme.tickets.service.AttachmentStore;
import org.acme.tickets.service.TicketRepository;
import org.jboss.logging.Logger;

@Path("/tickets")
@Produces(MediaType.APPLICATION_JSON)
public class TicketResource {
    private static final Logger LOG = Logger.getLogger(TicketResource.class);

    @Inject
    TicketRepository tickets;

    @Inject
    AttachmentStore attachments;

    @GET
    public List<String> search(@QueryParam("status") String status, @QueryParam("limit") int limit) {
        return tickets.findByStatus(status, limit);
    }

    @GET
    @Path("/{id}/attachments/{name}")
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    public byte[] attachment(@PathParam("id") long id, @PathParam("name") String name) {
        return attachments.read(id, name);
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response create(@FormParam("title") String title, @HeaderParam("X-Client") String client,
                           @CookieParam("team") String team) {
        // ruleid: LOG_INJECTION
        LOG.info("ticket created: " + title + " for team " + team);
        // ok: LOG_INJECTION
        LOG.info("ticket created");
        long id = tickets.create(title, client);
        return Response.created(URI.create("/tickets/" + id)).build();
    }

    @GET
    @Path("/filtered")
    public List<String> filtered(@BeanParam TicketFilter filter) {
        return tickets.findByAssignee(filter.assignee);
    }
}
