package dev.shortcode.api.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.shortcode.api.error.InvalidRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.resteasy.reactive.server.spi.ResteasyReactiveResourceInfo;
import org.jboss.resteasy.reactive.server.spi.ServerMessageBodyReader;
import org.jboss.resteasy.reactive.server.spi.ServerRequestContext;

/**
 * Reads every JSON request body that Jackson maps, after checking it as strict UTF-8 ({@link Utf8}):
 * an invalid byte anywhere is a 400 naming it, and nothing is decoded, so no endpoint ever sees what
 * a forgiving decoder made of it. The body is in memory already (the endpoints are non-blocking and
 * read it whole, within {@code quarkus.http.limits.max-body-size}); the check is one pass that
 * leaves at the first non-ASCII byte only to check it. Then the application's {@link ObjectMapper}
 * (with {@code StrictJson}'s settings) maps it.
 *
 * <p>Why a body reader and not a {@code ReaderInterceptor}: with any reader interceptor present,
 * the REST layer asks the resource method for its parameter annotations on every request, and the
 * JDK parses them anew each time: 8.5 % of the event loop's work in a profile of creates at
 * 8,000/s, about 7 µs each (docs/BENCHMARKS.md). A reader of its own is chosen before the
 * built-in Jackson reader (user providers first) and is given no annotations.
 */
@Provider
@Consumes(MediaType.APPLICATION_JSON)
public class StrictUtf8JsonReader implements ServerMessageBodyReader<Object> {

    private final ObjectMapper mapper;
    private final Map<Type, ObjectReader> readers = new ConcurrentHashMap<>();

    public StrictUtf8JsonReader(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public boolean isReadable(Class<?> type, Type genericType, ResteasyReactiveResourceInfo lazyMethod, MediaType mediaType) {
        return mapped(type);
    }

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return mapped(type);
    }

    @Override
    public Object readFrom(Class<Object> type, Type genericType, MediaType mediaType, ServerRequestContext context) throws IOException {
        return read(genericType, context.getInputStream());
    }

    @Override
    public Object readFrom(Class<Object> type, Type genericType, Annotation[] annotations, MediaType mediaType,
            MultivaluedMap<String, String> httpHeaders, InputStream entityStream) throws IOException {
        return read(genericType, entityStream);
    }

    private Object read(Type genericType, InputStream in) throws IOException {
        byte[] body = in.readAllBytes();
        String problem = Utf8.problem(body);
        if (problem != null) {
            throw new InvalidRequestException("invalid-utf8", "the body is not valid UTF-8: " + problem);
        }
        if (blank(body)) {
            return null; // as a JSON null: each endpoint says what body it needs
        }
        return readers.computeIfAbsent(genericType, t -> mapper.readerFor(mapper.constructType(t))).readValue(body);
    }

    private static boolean blank(byte[] body) {
        for (byte b : body) {
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return false;
            }
        }
        return true;
    }

    /** Types Jackson maps; raw bodies (text, bytes, streams) are left to the built-in readers. */
    private static boolean mapped(Class<?> type) {
        return !(type == String.class || type == byte[].class || type == char[].class
                || InputStream.class.isAssignableFrom(type) || Reader.class.isAssignableFrom(type)
                || type.getName().startsWith("io.vertx."));
    }
}
