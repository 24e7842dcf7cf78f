package org.acme.tickets.service;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.List;

@ApplicationScoped
public class TicketRepository {
    @Inject
    EntityManager em;

    public List<String> findByStatus(String status, int limit) {
        // ruleid: SQL_INJECTION
        return em.createQuery("SELECT t.title FROM Ticket t WHERE t.status = '" + status + "'", String.class)
                .setMaxResults(limit)
                .getResultList();
    }

    public List<String> findByAssignee(String assignee) {
        // ok: SQL_INJECTION
        return em.createQuery("SELECT t.title FROM Ticket t WHERE t.assignee = :assignee", String.class)
                .setParameter("assignee", assignee)
                .getResultList();
    }

    public long create(String title, String client) {
        // ruleid: SQL_INJECTION
        em.createNativeQuery("INSERT INTO ticket (title, client) VALUES ('" + title + "', '" + client + "')").executeUpdate();
        return 1L;
    }
}
