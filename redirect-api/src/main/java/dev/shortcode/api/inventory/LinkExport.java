package dev.shortcode.api.inventory;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shortcode.api.link.LinkView;
import dev.shortcode.core.index.Position;
import dev.shortcode.core.store.ApiKey;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import java.util.concurrent.CompletableFuture;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.resteasy.reactive.RestMulti;

/**
 * Exports: a listing read page after page, each page written as one chunk when the client has
 * taken the previous one (the stream asks for the next page only then), so memory stays one page
 * however many links there are. The first page is read before the answer starts, so a bad owner
 * or a store outage is still a problem answer rather than a broken stream.
 * <p>The answer is a {@link RestMulti} made from the first page's
 * {@link Uni}: Quarkus REST streams a Multi only when the method returns it directly.
 */
public final class LinkExport {

    public static final String NDJSON = "application/x-ndjson";
    /** Links per page read: large enough that a page costs little per link, small enough to hold. */
    static final int PAGE = ListingRequest.MAX_LIMIT;

    private final LinkInventory inventory;
    private final ObjectMapper json;

    public LinkExport(LinkInventory inventory, ObjectMapper json) {
        this.inventory = inventory;
        this.json = json;
    }

    /** The opaque cursor of a position. */
    public static String cursor(Position position) {
        return Cursor.of(position);
    }

    /** The export's answer: its status and Content-Type once the first page is read, then the pages as the client takes them. */
    public RestMulti<Buffer> export(ListingRequest request, ExportFormat format, ApiKey caller) {
        ListingRequest paged = request.from(null, PAGE);
        Uni<LinkInventory.Page> first = Uni.createFrom().completionStage(() -> inventory.list(paged, caller));
        return RestMulti.fromUniResponse(first, page -> pages(page, paged, format, caller),
                page -> Map.of("Content-Type", List.of(format.contentType())), page -> 200);
    }

    private Multi<Buffer> pages(LinkInventory.Page firstPage, ListingRequest paged, ExportFormat format, ApiKey caller) {
        AtomicReference<LinkInventory.Page> pending = new AtomicReference<>(firstPage);
        AtomicReference<Position> next = new AtomicReference<>();
        Multi<Buffer> pages = Multi.createBy().repeating()
                .completionStage(() -> {
                    LinkInventory.Page page = pending.getAndSet(null);
                    if (page != null) {
                        return CompletableFuture.completedFuture(page);
                    }
                    return inventory.list(paged.from(next.get(), PAGE), caller);
                })
                .whilst(page -> {
                    next.set(page.next());
                    return page.next() != null;
                })
                .map(page -> chunk(page, format));
        return format.header().isEmpty() ? pages
                : Multi.createBy().concatenating().streams(Multi.createFrom().item(Buffer.buffer(format.header())), pages);
    }

    private Buffer chunk(LinkInventory.Page page, ExportFormat format) {
        StringBuilder out = new StringBuilder(page.links().size() * 200);
        for (LinkView link : page.links()) {
            format.write(link, json, out);
        }
        return Buffer.buffer(out.toString());
    }
}
