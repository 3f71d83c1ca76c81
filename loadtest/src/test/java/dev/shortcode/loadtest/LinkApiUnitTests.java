package dev.shortcode.loadtest;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LinkApiUnitTests {

    @Test
    void bodiesFollowTheContract() {
        assertThat(LinkApi.createBody("https://example.com/a").toJsonObject())
                .isEqualTo(new JsonObject().put("url", "https://example.com/a"));
        JsonObject batch = LinkApi.batchBody(List.of("u1", "u2")).toJsonObject();
        assertThat(batch.getJsonArray("links").getJsonObject(1).getString("url")).isEqualTo("u2");
        assertThat(LinkApi.redirectPath("abc123")).isEqualTo("/abc123");
    }

    @Test
    void batchResponseYieldsTheCreatedCodesInOrderSkippingProblems() {
        Buffer body = Buffer.buffer("""
                {"results": [
                  {"index": 0, "status": 201, "link": {"code": "aaa", "shortUrl": "http://s/aaa", "url": "u1"}},
                  {"index": 1, "status": 400, "problem": {"type": "about:blank", "title": "Invalid URL", "status": 400}},
                  {"index": 2, "status": 201, "link": {"code": "bbb", "url": "u3"}}
                ]}""");
        assertThat(LinkApi.codesFromBatchResponse(body)).containsExactly("aaa", "bbb");
    }

    @Test
    void anUnexpectedShapeIsReportedWithTheBody() {
        assertThatThrownBy(() -> LinkApi.codesFromBatchResponse(Buffer.buffer("{\"items\": []}")))
                .hasMessageContaining("results").hasMessageContaining("items");
        assertThatThrownBy(() -> LinkApi.codesFromBatchResponse(Buffer.buffer("<html>")))
                .hasMessageContaining("not a JSON object");
    }
}
