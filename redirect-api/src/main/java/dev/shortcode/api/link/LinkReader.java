package dev.shortcode.api.link;

import dev.shortcode.api.error.NotFoundException;
import dev.shortcode.core.read.LinkResolver;
import dev.shortcode.core.store.LinkRecord;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/** Reads of live links, for the API and the redirect: each one an access that extends the link's life. */
public final class LinkReader {

    private final LinkResolver resolver;
    private final LinkViews views;

    public LinkReader(LinkResolver resolver, LinkViews views) {
        this.resolver = resolver;
        this.views = views;
    }

    /** The live link of a code, or a 404. */
    public CompletionStage<LinkView> get(String code) {
        return CallerContext.resume(get(code, () -> new NotFoundException("no live link has the code '" + code + "'")));
    }

    /** The live link of a code, or {@code absent}'s failure. */
    CompletionStage<LinkView> get(String code, Supplier<NotFoundException> absent) {
        return resolver.resolve(code).thenApply(found -> found.map(views::of).orElseThrow(absent));
    }

    /** The live link a code redirects to, its life extended; empty when unknown, deleted or expired. Completes where the store does. */
    public CompletionStage<Optional<LinkRecord>> target(String code) {
        return resolver.resolve(code);
    }
}
