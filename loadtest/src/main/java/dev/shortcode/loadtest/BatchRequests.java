package dev.shortcode.loadtest;

import java.util.ArrayList;
import java.util.List;

/** {@code batch}: one {@code POST /api/v1/links/batch} of {@code --batch-size} links per scheduled request. */
final class BatchRequests implements RequestSource {

    private final UrlSequence urls;
    private final int batchSize;

    BatchRequests(UrlSequence urls, int batchSize) {
        this.urls = urls;
        this.batchSize = batchSize;
    }

    @Override
    public RequestSpec next() {
        List<String> batch = new ArrayList<>(batchSize);
        for (int i = 0; i < batchSize; i++) {
            batch.add(urls.next());
        }
        return RequestSpec.postJson(LinkApi.BATCH_PATH, LinkApi.batchBody(batch), LinkApi.BATCH_STATUS);
    }
}
