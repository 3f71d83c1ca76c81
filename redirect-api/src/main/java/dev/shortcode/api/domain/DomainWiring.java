package dev.shortcode.api.domain;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.config.ServiceOptions;
import dev.shortcode.api.link.UrlPolicy;
import dev.shortcode.api.moderation.Moderation;
import dev.shortcode.core.Storage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Builds the domain registry (re-read as often as the deny-list: both are small records every node keeps a snapshot of) and its policy. */
@ApplicationScoped
public class DomainWiring {

    @Produces
    @Singleton
    DomainRegistry registry(Storage storage, ServiceOptions settings) {
        return new DomainRegistry(storage.domains(), settings.denylist().refresh());
    }

    void closeRegistry(@Disposes DomainRegistry registry) {
        registry.close();
    }

    @Produces
    @Singleton
    DomainPolicy policy(ServiceOptions settings, UrlPolicy urls, Moderation moderation, ObjectMapper json) {
        return new DomainPolicy(settings.baseHost(), urls, moderation::denied, json);
    }
}
