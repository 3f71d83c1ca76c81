package dev.shortcode.api.http;

import dev.shortcode.api.error.InvalidRequestException;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * Every request body is checked as strict UTF-8 ({@link Utf8}) before the JSON parser reads it:
 * an invalid byte anywhere is a 400 naming it, and nothing is decoded, so no endpoint ever sees
 * what a forgiving decoder made of it. The body is in memory already (the endpoints are
 * non-blocking and read it whole, within {@code quarkus.http.limits.max-body-size}); the check
 * is one pass that leaves at the first non-ASCII byte only to check it.
 */
@Provider
public class StrictUtf8Bodies implements ReaderInterceptor {

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        byte[] body = context.getInputStream().readAllBytes();
        String problem = Utf8.problem(body);
        if (problem != null) {
            throw new InvalidRequestException("invalid-utf8", "the body is not valid UTF-8: " + problem);
        }
        context.setInputStream(new ByteArrayInputStream(body));
        return context.proceed();
    }
}
