package dev.shortcode.api.qr;

import dev.shortcode.api.link.LinkReader;
import dev.shortcode.api.link.LinkViews;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Builds the QR codes service once, and closes its drawing threads at shutdown. */
@ApplicationScoped
public class QrWiring {

    @Produces
    @Singleton
    QrCodes codes(LinkReader reader, LinkViews views) {
        return new QrCodes(reader, views);
    }

    void close(@Disposes QrCodes codes) {
        codes.close();
    }
}
