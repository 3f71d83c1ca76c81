package dev.shortcode.api.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.shortcode.api.error.NotFoundException;
import dev.shortcode.api.error.NotOwnerException;
import dev.shortcode.api.ttl.TtlPolicy;
import dev.shortcode.core.Storage;
import dev.shortcode.core.config.IssuerOptions;
import dev.shortcode.core.embedded.EmbeddedOptions;
import dev.shortcode.core.embedded.EmbeddedStorage;
import dev.shortcode.core.read.ColdReadOptions;
import dev.shortcode.core.store.ApiKey;
import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.WriterStats;
import java.nio.file.Path;
import java.time.Clock;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link LinkEditor} over real embedded storage: who may edit, what an edit writes, links only the archive still has. */
class LinkEditorUnitTests {

    private static final ApiKey OWNER = new ApiKey("k_owner", "owner", EnumSet.of(ApiKey.Scope.LINKS_WRITE), "h1", 0, false);
    private static final ApiKey OTHER = new ApiKey("k_other", "other", EnumSet.of(ApiKey.Scope.LINKS_WRITE), "h2", 0, false);
    private static final ApiKey ADMIN = new ApiKey("k_admin", "admin", EnumSet.of(ApiKey.Scope.ADMIN), "h3", 0, false);

    @TempDir
    Path dir;

    private Storage storage;
    private LinkEditor editor;

    @BeforeEach
    void open() {
        IssuerOptions config = IssuerOptions.builder().secret("0123456789abcdef-test-secret").build();
        storage = EmbeddedStorage.open(EmbeddedOptions.defaults(dir), config, ColdReadOptions.DEFAULTS);
        LinkRequests requests = new LinkRequests(new UrlPolicy(Set.of("sho.rt")), new AliasPolicy(Set.of(5, 6, 7)),
                new TtlPolicy(config.pools(), "P10D"));
        editor = new LinkEditor(storage.resolver(), storage.hotStore(), requests, new LinkViews("https://sho.rt", Clock.systemUTC()),
                new ExternalIdGuard(storage.externalIds(), storage.resolver(), Clock.systemUTC()));
    }

    @AfterEach
    void close() {
        storage.close();
    }

    private LinkRecord stored(String alias, boolean permanent) {
        LinkRecord link = new LinkRecord(alias, "https://example.com/" + alias, "alias", 3_600, permanent, System.currentTimeMillis(),
                OWNER.id(), 1);
        assertThat(storage.hotStore().create(link).toCompletableFuture().join()).isTrue();
        return link;
    }

    private WriterStats writer() {
        return storage.writerStats().orElseThrow().get();
    }

    @Test
    void delete_isOneSyncedWrite_whichTheArchiveRecordsToo() {
        LinkRecord link = stored("to-delete", true);
        WriterStats before = writer();

        editor.delete(link.code(), OWNER).toCompletableFuture().join();

        WriterStats after = writer();
        assertThat(after.operations() - before.operations()).as("writer operations for one delete").isEqualTo(1);
        assertThat(after.syncs() - before.syncs()).as("fsyncs for one delete").isEqualTo(1);
        assertThat(storage.archive().get(link.code()).toCompletableFuture().join()).as("the archive hides it").isEmpty();
        assertThat(storage.resolver().resolve(link.code()).toCompletableFuture().join()).isEmpty();
    }

    @Test
    void updateAndDelete_byAnotherKey_areRefused_byTheOwnerOrAnAdmin_allowed() {
        LinkRecord link = stored("owned-one", false);
        assertThatThrownBy(() -> editor.update(link.code(), new UpdateLinkRequest("https://example.com/x", null), OTHER)
                .toCompletableFuture().join()).hasCauseInstanceOf(NotOwnerException.class);
        assertThatThrownBy(() -> editor.delete(link.code(), OTHER).toCompletableFuture().join()).hasCauseInstanceOf(NotOwnerException.class);

        assertThat(editor.update(link.code(), new UpdateLinkRequest("https://example.com/by-owner", null), OWNER)
                .toCompletableFuture().join().url()).isEqualTo("https://example.com/by-owner");
        assertThat(editor.update(link.code(), new UpdateLinkRequest("https://example.com/by-admin", null), ADMIN)
                .toCompletableFuture().join().url()).isEqualTo("https://example.com/by-admin");
        editor.delete(link.code(), ADMIN).toCompletableFuture().join();
        assertThatThrownBy(() -> editor.delete(link.code(), ADMIN).toCompletableFuture().join())
                .isInstanceOf(CompletionException.class).hasCauseInstanceOf(NotFoundException.class);
    }

    @Test
    void update_ofAPermanentLinkOnlyTheArchiveHolds_isLoadedForEditAndApplied() {
        LinkRecord cold = new LinkRecord("cold-one", "https://example.com/cold", "alias", 3_600, true,
                System.currentTimeMillis() - 86_400_000L, OWNER.id(), 3);
        storage.archive().write(List.of(new ArchiveMutation.Put(cold))).toCompletableFuture().join();

        LinkView changed = editor.update("cold-one", new UpdateLinkRequest("https://example.com/warm", null), OWNER)
                .toCompletableFuture().join();

        assertThat(changed.url()).isEqualTo("https://example.com/warm");
        assertThat(storage.hotStore().peek("cold-one").toCompletableFuture().join()).hasValueSatisfying(r -> {
            assertThat(r.version()).isEqualTo(4);
            assertThat(r.url()).isEqualTo("https://example.com/warm");
        });
        assertThat(storage.archive().get("cold-one").toCompletableFuture().join()).map(LinkRecord::version).contains(4L);
    }
}
