package dev.shortcode.loadtest;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The load generator measures the service from outside: it speaks HTTP only, and knows none of the service's classes. */
class LoadtestArchitectureUnitTests {

    @Test
    void loadtest_speaksHttpOnly() {
        JavaClasses loadtest = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.shortcode.loadtest");
        noClasses().should().dependOnClassesThat().resideInAnyPackage("dev.shortcode.core..", "dev.shortcode.api..",
                "dev.shortcode.hbase..", "io.lettuce..", "org.rocksdb..", "org.apache.hadoop..", "io.quarkus..").check(loadtest);
    }
}
