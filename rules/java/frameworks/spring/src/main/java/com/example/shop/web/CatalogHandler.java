package com.example.shop.web;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

// WebFlux functional endpoint, routed by a RouterFunction bean.
public class CatalogHandler {
    private static final Logger log = LoggerFactory.getLogger(CatalogHandler.class);

    public Mono<ServerResponse> search(ServerRequest request) {
        String q = request.queryParam("q").orElse("");
        String shelf = request.pathVariable("shelf");
        // ruleid: LOG_INJECTION
        log.warn("catalog search " + q);
        // ok: LOG_INJECTION
        log.warn("catalog shelf " + shelf);
        return ServerResponse.ok().bodyValue(q);
    }
}
