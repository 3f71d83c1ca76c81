package dev.shortcode.api.password;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The one {@link PasswordWork} of the service, stopped with it. */
@ApplicationScoped
public class PasswordWiring {

    @Produces
    @Singleton
    PasswordWork work() {
        return new PasswordWork();
    }

    void close(@Disposes PasswordWork work) {
        work.close();
    }
}
