package dev.shortcode.api;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The service reaches its storage only through the entry points each backend module offers
 * ({@code EmbeddedStorage.open}, {@code RedisStorage.open}, {@code HBaseStorage.open}) and the
 * interfaces of {@code dev.shortcode.core.store}: never a client library, never a backend's own classes.
 * And its packages stand in layers: the link flows ({@code link}) use authentication, limits,
 * moderation, problems and the HTTP plumbing, so none of those may reach back up into {@code link}.
 */
class ServiceArchitectureUnitTests {

    private static final JavaClasses SERVICE = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.shortcode.api");

    /** What the service may name of the backends: their entry points, and the option records it binds configuration to. */
    private static final Set<String> ENTRY_POINTS = Set.of(
            "dev.shortcode.core.embedded.EmbeddedStorage", "dev.shortcode.core.embedded.EmbeddedOptions",
            "dev.shortcode.core.embedded.EmbeddedOptions$Builder",
            "dev.shortcode.core.redis.RedisStorage", "dev.shortcode.core.redis.RedisStorageOptions",
            "dev.shortcode.core.redis.RedisStorageOptions$Builder", "dev.shortcode.core.redis.RedisMode",
            "dev.shortcode.core.redis.StoreKeys", "dev.shortcode.core.redis.HotStoreOptions",
            "dev.shortcode.core.redis.HotStoreOptions$Builder", "dev.shortcode.core.redis.ArchiverOptions",
            "dev.shortcode.core.redis.ArchiverOptions$Builder", "dev.shortcode.core.redis.OutboxMetrics",
            "dev.shortcode.hbase.HBaseStorage", "dev.shortcode.hbase.HBaseArchiveOptions", "dev.shortcode.hbase.HBaseArchiveOptions$Builder");

    /** The packages {@code link} stands on, and the plain foundations every package may use. */
    private static final String[] BELOW_LINK = {"dev.shortcode.api.agent..", "dev.shortcode.api.auth..", "dev.shortcode.api.config..",
            "dev.shortcode.api.domain..", "dev.shortcode.api.error..", "dev.shortcode.api.http..", "dev.shortcode.api.limit..", "dev.shortcode.api.moderation..",
            "dev.shortcode.api.openapi..", "dev.shortcode.api.ops..", "dev.shortcode.api.page..", "dev.shortcode.api.problem..", "dev.shortcode.api.ttl..",
            "dev.shortcode.api.url.."};

    @Test
    void lowerPackages_neverReachUpIntoLink() {
        noClasses().that().resideInAnyPackage(BELOW_LINK).should().dependOnClassesThat().resideInAPackage("dev.shortcode.api.link..")
                .check(SERVICE);
    }

    @Test
    void service_usesNoStorageClientLibrary() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("io.lettuce..", "org.rocksdb..", "org.apache.hadoop..")
                .check(SERVICE);
    }

    @Test
    void service_reachesBackendsOnlyThroughTheirEntryPoints() {
        DescribedPredicate<JavaClass> backendInternals = new DescribedPredicate<>("a backend class other than its entry point and options") {
            @Override
            public boolean test(JavaClass c) {
                String p = c.getPackageName();
                boolean backend = p.equals("dev.shortcode.core.redis") || p.equals("dev.shortcode.core.embedded") || p.equals("dev.shortcode.hbase");
                return backend && !ENTRY_POINTS.contains(c.getName());
            }
        };
        noClasses().should().dependOnClassesThat(backendInternals).check(SERVICE);
    }
}
