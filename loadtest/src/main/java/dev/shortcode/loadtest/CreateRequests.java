package dev.shortcode.loadtest;

/** {@code create}: one {@code POST /api/v1/links} per scheduled request. */
final class CreateRequests implements RequestSource {

    private final UrlSequence urls;

    CreateRequests(UrlSequence urls) {
        this.urls = urls;
    }

    @Override
    public RequestSpec next() {
        return RequestSpec.postJson(LinkApi.LINKS_PATH, LinkApi.createBody(urls.next()), LinkApi.CREATE_STATUS);
    }
}
