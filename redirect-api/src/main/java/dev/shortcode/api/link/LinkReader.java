package dev.shortcode.api.link;

import dev.shortcode.api.error.Echo;
import dev.shortcode.api.error.NotFoundException;
import dev.shortcode.api.http.CallerContext;
import dev.shortcode.api.moderation.Moderation;
import dev.shortcode.core.read.LinkResolver;
import dev.shortcode.core.store.LinkDisable;
import dev.shortcode.core.store.LinkRecord;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Reads of live links, for the API and the redirect: each one an access that extends the link's
 * life, except {@link #peek}, which only looks.
 */
public final class LinkReader {

    private final LinkResolver resolver;
    private final LinkViews views;
    private final Moderation moderation;

    public LinkReader(LinkResolver resolver, LinkViews views, Moderation moderation) {
        this.resolver = resolver;
        this.views = views;
        this.moderation = moderation;
    }

    /** The live link of a code, or a 404. */
    public CompletionStage<LinkView> get(String code) {
        return CallerContext.resume(get(code, () -> new NotFoundException("no live link has the code '" + Echo.of(code) + "'")));
    }

    /** The live link of a code, or {@code absent}'s failure. */
    CompletionStage<LinkView> get(String code, Supplier<NotFoundException> absent) {
        return resolver.resolve(code).thenApply(found -> found.map(this::view).orElseThrow(absent));
    }

    /** The link as the API shows it, with why it is disabled when it is; no I/O. */
    public LinkView view(LinkRecord link) {
        LinkView view = views.of(link);
        return moderation.blocked(link).map(block -> view.withDisabled(block.disable()
                .map(d -> new LinkView.Disabled(d.reason(), null, d.by(), Instant.ofEpochMilli(d.atMillis())))
                .orElseGet(() -> new LinkView.Disabled(block.reason(), block.rule().get().id(), block.rule().get().createdBy(),
                        Instant.ofEpochMilli(block.rule().get().createdAtMillis()))))).orElse(view);
    }

    /** Why the link must not redirect, if it must not; no I/O. */
    public Optional<Moderation.Block> blocked(LinkRecord link) {
        return moderation.blocked(link);
    }

    /** An admin's disable of {@code code}, which holds with or without a live link; no I/O. */
    public Optional<LinkDisable> disabled(String code) {
        return moderation.disabled(code);
    }

    /** The live link a code redirects to, its life extended; empty when unknown, deleted or expired. Completes where the store does. */
    public CompletionStage<Optional<LinkRecord>> target(String code) {
        return resolver.resolve(code);
    }

    /**
     * The live link of a code without an access: its life is not extended, no node-local copy is
     * used (the store's current version, {@link LinkResolver#loadForEdit}); a link only the archive
     * still holds is restored first, as any read restores it. Empty when unknown, deleted or
     * expired. For previews, which must not keep a link alive. Completes where the store does.
     */
    public CompletionStage<Optional<LinkRecord>> peek(String code) {
        return resolver.loadForEdit(code);
    }
}
