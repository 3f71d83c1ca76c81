package dev.shortcode.api;

import static com.tngtech.archunit.lang.conditions.ArchConditions.onlyHaveDependenciesWhere;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Map;
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
            "dev.shortcode.hbase.HBaseStorage", "dev.shortcode.hbase.HBaseArchiveConfig", "dev.shortcode.hbase.HBaseArchiveConfig$Builder");

    /** The packages {@code link} stands on, and the plain foundations every package may use. */
    private static final String[] BELOW_LINK = {"dev.shortcode.api.agent..", "dev.shortcode.api.auth..", "dev.shortcode.api.config..",
            "dev.shortcode.api.error..", "dev.shortcode.api.http..", "dev.shortcode.api.limit..", "dev.shortcode.api.moderation..",
            "dev.shortcode.api.ops..", "dev.shortcode.api.page..", "dev.shortcode.api.problem.."};

    /**
     * Known dependencies of a lower package on {@code link}, by their top-level origin and target,
     * frozen until each of these classes moves out of {@code link} to the package that uses it: then
     * its entry matches nothing and is to be deleted. No other dependency on {@code link} is allowed.
     */
    private static final Map<String, String> LINK_DEPENDENCIES_BEING_MOVED = Map.of(
            "dev.shortcode.api.config.ServiceSettings", "dev.shortcode.api.link.TtlPolicy",
            "dev.shortcode.api.moderation.RuleValues", "dev.shortcode.api.link.UrlPolicy");

    @Test
    void lowerPackages_neverReachUpIntoLink() {
        DescribedPredicate<Dependency> notIntoLink = new DescribedPredicate<>("the target is not in dev.shortcode.api.link"
                + " (bar the dependencies being moved out of it)") {
            @Override
            public boolean test(Dependency d) {
                JavaClass target = d.getTargetClass().getBaseComponentType();
                if (!target.getPackageName().equals("dev.shortcode.api.link")) {
                    return true;
                }
                String frozen = LINK_DEPENDENCIES_BEING_MOVED.get(topLevel(d.getOriginClass()));
                return frozen != null && frozen.equals(topLevel(target));
            }
        };
        classes().that().resideInAnyPackage(BELOW_LINK).should(onlyHaveDependenciesWhere(notIntoLink)).check(SERVICE);
    }

    private static String topLevel(JavaClass c) {
        String name = c.getName();
        int nested = name.indexOf('$');
        return nested < 0 ? name : name.substring(0, nested);
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

    /** The canonical URL form is one package that links and the deny-list both use; neither it nor moderation reaches up into link. */
    @Test
    void urlAndModeration_doNotDependOnLink() {
        noClasses().that().resideInAnyPackage("dev.shortcode.api.url..", "dev.shortcode.api.moderation..").should().dependOnClassesThat()
                .resideInAPackage("dev.shortcode.api.link..").check(SERVICE);
    }
}
