package org.acme.tickets.service;

import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.core.MediaType;

public class StatusClient {
    private final Client client = ClientBuilder.newClient();

    public String fetch(String endpoint) {
        // ruleid: SSRF
        return ClientBuilder.newClient().target(endpoint).request(MediaType.APPLICATION_JSON).get(String.class);
    }

    public String health(String endpoint) {
        Client http = client;
        // ruleid: SSRF
        return http.target(endpoint).path("health").request().get(String.class);
    }

    public String forTicket(String ticket) {
        Client http = client;
        // ok: SSRF
        return http.target("https://status.example.com/api/tickets/").path(ticket).request().get(String.class);
    }
}
