package dev.shortcode.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The core's place among the modules: it knows its storage clients, nothing of the service or of HBase. */
class CoreArchitectureUnitTests {

    private static final JavaClasses CORE = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.shortcode.core");

    @Test
    void core_knowsNoFrameworkHBaseOrService() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("io.quarkus..", "io.smallrye..", "jakarta..",
                "org.apache.hadoop..", "dev.shortcode.hbase..", "dev.shortcode.api..", "io.vertx..")
                .check(CORE);
    }

    @Test
    void storageSpis_knowNoClientLibraryOrBackend() {
        noClasses().that().resideInAnyPackage("dev.shortcode.core.store..", "dev.shortcode.core.read..", "dev.shortcode.core.alloc..",
                        "dev.shortcode.core.lease..", "dev.shortcode.core.code..", "dev.shortcode.core.config..", "dev.shortcode.core.limit..")
                .should().dependOnClassesThat().resideInAnyPackage("io.lettuce..", "org.rocksdb..", "io.netty..",
                        "dev.shortcode.core.redis..", "dev.shortcode.core.embedded..")
                .check(CORE);
    }

    /**
     * The root package's own classes ({@code Storage}, {@code StorageHealth}), which every backend
     * builds and the service holds: what they carry lives in the store interfaces, not in a backend.
     * "dev.shortcode.core" without dots is that package alone.
     */
    @Test
    void rootPackage_knowsNoClientLibraryOrBackend() {
        noClasses().that().resideInAPackage("dev.shortcode.core").should().dependOnClassesThat().resideInAnyPackage("io.lettuce..",
                "org.rocksdb..", "io.netty..", "dev.shortcode.core.redis..", "dev.shortcode.core.embedded..").check(CORE);
    }

    @Test
    void backends_knowEachOtherNot() {
        noClasses().that().resideInAPackage("dev.shortcode.core.redis..").should().dependOnClassesThat()
                .resideInAnyPackage("dev.shortcode.core.embedded..", "org.rocksdb..").check(CORE);
        noClasses().that().resideInAPackage("dev.shortcode.core.embedded..").should().dependOnClassesThat()
                .resideInAnyPackage("dev.shortcode.core.redis..", "io.lettuce..").check(CORE);
    }
}
