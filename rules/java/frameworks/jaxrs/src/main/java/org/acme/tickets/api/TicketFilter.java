package org.acme.tickets.api;

import jakarta.ws.rs.QueryParam;

public class TicketFilter {
    @QueryParam("assignee")
    public String assignee;

    @QueryParam("page")
    public int page;
}
