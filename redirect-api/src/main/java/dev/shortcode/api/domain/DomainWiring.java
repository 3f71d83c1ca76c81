package dev.shortcode.api.domain;

import dev.shortcode.api.config.ServiceOptions;
import dev.shortcode.core.Storage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Builds the domain registry: re-read as often as the deny-list, both being small records every node keeps a snapshot of. */
@ApplicationScoped
public class DomainWiring {

    @Produces
    @Singleton
    DomainRegistry registry(Storage storage, ServiceOptions settings) {
        return new DomainRegistry(storage.domains(), settings.baseHost(), settings.denylist().refresh());
    }

    void closeRegistry(@Disposes DomainRegistry registry) {
        registry.close();
    }
}
