package dev.shortcode.api.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A webhook endpoint on a loopback port, as a customer would write one: it checks each message's
 * signature by the Standard Webhooks rules (written here from the specification, apart from the
 * service's signer), records what it got, and answers the status it is told to (503 while "down").
 */
final class WebhookReceiver implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One request as it arrived. */
    record Received(String path, String id, long timestamp, String signature, String body, int answered) {
        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (Exception e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }
    }

    private final Vertx vertx = Vertx.vertx();
    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private volatile int status = 204;

    WebhookReceiver() throws Exception {
        server = vertx.createHttpServer().requestHandler(request -> request.body().onSuccess(body -> {
            int answer = status;
            received.add(new Received(request.path(), request.getHeader("webhook-id"),
                    Long.parseLong(request.getHeader("webhook-timestamp")), request.getHeader("webhook-signature"),
                    body.toString(StandardCharsets.UTF_8), answer));
            request.response().setStatusCode(answer).end(answer == 503 ? "down for maintenance" : "");
        })).listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.actualPort() + path;
    }

    void answer(int status) {
        this.status = status;
    }

    List<Received> received() {
        return new ArrayList<>(received);
    }

    List<Received> accepted(String path) {
        return received.stream().filter(r -> r.path().equals(path) && r.answered() / 100 == 2).toList();
    }

    /** Whether {@code r} is signed with {@code secret}: HMAC-SHA256 of {@code id.timestamp.body}, keyed by the base64 after whsec_. */
    static boolean verifies(Received r, String secret) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
        byte[] expected = mac.doFinal((r.id() + "." + r.timestamp() + "." + r.body()).getBytes(StandardCharsets.UTF_8));
        for (String candidate : r.signature().split(" ")) {
            if (candidate.startsWith("v1,") && MessageDigest.isEqual(Base64.getDecoder().decode(candidate.substring(3)), expected)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() throws Exception {
        server.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
